import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '../../backend/src/platform/config/env';
import { createConfigAnswer } from './config-answer';
import { exitOnStop } from './exit-on-stop';

/**
 * The baseline's work (config-answer.ts) served as the app is served: one Hono route on @hono/node-server,
 * answered with `c.json`. Run in the app's place (BENCH_API_APP_SLOT=hono-floor), it shows what the
 * framework alone costs over node:http, so that the rest of the app's cost is known to be the app's own
 * (bench/README.md, api_get_config, session 46).
 */
const config = loadConfig();
const answer = createConfigAnswer(config);
const app = new Hono();
app.get('/oauth/users/:userId/config', async (c) => {
  const { status, body } = await answer(c.req.header('authorization'), c.req.param('userId'));
  return c.json(body, status);
});

serve({ port: config.port, hostname: '127.0.0.1', fetch: app.fetch });
exitOnStop();
