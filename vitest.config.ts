import { defineConfig } from 'vitest/config';
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
    // Integration tests share one DynamoDB Local and one cognito-local; files run in parallel on 2 cores.
    fileParallelism: true,
  },
});
