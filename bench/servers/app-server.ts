import { serve } from '@hono/node-server';
import { createApp } from '../../backend/src/entry/app';
import { createAppDeps } from '../../backend/src/entry/app-deps';
import { loadConfig } from '../../backend/src/platform/config/env';
import { createLocalStandIns } from '../../backend/src/local/stand-ins';
import { exitOnStop } from './exit-on-stop';

/**
 * The product API as the benchmark measures it: the same createApp(createAppDeps(loadConfig()), 'api') that
 * backend/src/entry/lambda.ts builds, served by @hono/node-server. Unlike backend/src/entry/server.ts it passes requests
 * straight to app.fetch: that server copies every request to add X-Forwarded-For (a local stand-in for
 * API Gateway), which is not part of the product's request path and only the frontend-log route reads.
 * The table must already exist (the bench creates and seeds it).
 */
const config = loadConfig();
// BENCH_APP_SURFACE: which function's app (the telephony one serves Twilio's webhooks in AWS).
const surface = process.env.BENCH_APP_SURFACE === 'telephony' ? 'telephony' : 'api';
// As on a developer's machine: the bench runs offline, so vendors without keys are their local stand-ins.
const app = createApp(createAppDeps(config, {}, createLocalStandIns), surface);

serve({ port: config.port, hostname: '127.0.0.1', fetch: app.fetch });
exitOnStop();
