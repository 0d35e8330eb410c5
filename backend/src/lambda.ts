import { handle } from 'hono/aws-lambda';
import { createApp } from './app';
import { createAppDeps } from './app-deps';
import { loadConfig } from './config/env';

// Built once per Lambda instance, outside the handler, so warm invocations reuse clients and the JWKS cache.
const app = createApp(createAppDeps(loadConfig()));

export const handler = handle(app);
