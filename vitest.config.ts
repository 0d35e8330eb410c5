import { defineConfig } from 'vitest/config';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  test: {
    include: [
      '{backend,shared,frontend,infra,scripts}/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'bench/**/*.test.ts',
      'tests/security/**/*.test.ts',
    ],
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests share one DynamoDB Local and one cognito-local (a fresh table per test app); files
    // run in parallel. Vitest's default is one worker less than the cores, i.e. ONE on the 2-core CI
    // machine, while most of a file's time is spent waiting on those services and on importing the backend:
    // two workers there ran 8 integration files in 120 s instead of 318 s.
    fileParallelism: true,
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
