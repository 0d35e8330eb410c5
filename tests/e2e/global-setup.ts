import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startLocalStack } from '../../scripts/local-stack/local-stack';
import { freePort } from '../../scripts/local-stack/ports';

const E2E_TABLE_NAME = 'receptionist-e2e';

/**
 * Builds the frontend and, meanwhile, starts the whole product on free ports, exactly as `npm start` does but with the
 * production build served by `vite preview` and DynamoDB in memory. Workers read the URLs from the env.
 */
export default async function globalSetup() {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'ringly-e2e-'));
  const frontendDist = path.join(stateDir, 'dist');
  // The build runs while DynamoDB Local, cognito-local and the backend start (they do not need it); only
  // the frontend's preview server waits for it.
  const build = new Promise<void>((resolve, reject) => {
    const child = spawn(
      path.join(REPO_ROOT, 'node_modules/.bin/vite'),
      [
        'build',
        '--config',
        'frontend/vite.config.ts',
        '--outDir',
        frontendDist,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: REPO_ROOT, stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the frontend build failed (${signal ?? `exit ${code}`})`)),
    );
  });
  // Settled here too, so a failed build is not an unhandled rejection while the services still start.
  build.catch(() => undefined);
  const ports = {
    dynamodb: await freePort(),
    cognito: await freePort(),
    backend: await freePort(),
    frontend: await freePort(),
  };
  const stack = await startLocalStack({
    ports,
    stateDir,
    persistent: false,
    frontend: 'preview',
    frontendDist,
    frontendReady: build,
    watch: false,
    echo: process.env.E2E_VERBOSE === '1',
    tableName: E2E_TABLE_NAME,
  });
  process.env.E2E_APP_URL = stack.urls.app;
  process.env.E2E_API_URL = stack.urls.api;
  process.env.E2E_OUTBOX_URL = stack.urls.outbox;
  // The analytics spec signs its seeded owners up directly with the identity service.
  process.env.E2E_COGNITO_URL = stack.urls.cognito;
  // Tests that act as support staff (e.g. enabling capability modules, spec §6) write to the table directly.
  process.env.E2E_DYNAMODB_URL = stack.urls.dynamodb;
  process.env.E2E_TABLE_NAME = E2E_TABLE_NAME;
  return async () => {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
