/**
 * `npm run routes`: one line per backend route, `METHOD /path`, read from the app itself (Hono's route
 * table, which also holds the webhook and local-provider routes that the OpenAPI document leaves out).
 */
import { createApp } from '../backend/src/entry/app';
import { createAppDeps } from '../backend/src/entry/app-deps';
import { loadConfig } from '../backend/src/platform/config/env';
import { createLocalStandIns } from '../backend/src/local/stand-ins';

// Building the app opens no connection, so this works with nothing running.
const app = createApp(
  createAppDeps(
    loadConfig({ ...process.env, LOCAL_PROVIDERS: process.env.LOCAL_PROVIDERS ?? 'true' }),
    {},
    createLocalStandIns,
  ),
);

const lines = new Set(
  app.routes
    // Middleware, not routes: app.use's (ALL) and the app-wide guards registered per method (app-core.ts).
    .filter((route) => route.method !== 'ALL' && route.path !== '/*')
    .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`),
);
console.log(
  [...lines]
    .sort((a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b))
    .join('\n'),
);
