import { handle } from 'hono/aws-lambda';
import { createAppCore } from './app-core';
import { initLambda } from './lambda-init';
import { mountApiRoutes } from './surfaces/api-routes';

// The owner-facing HTTP API, createApp(deps, 'api') without importing the other surfaces (app.ts): phone
// numbers and Twilio's webhooks are telephony-lambda.ts's, and AWS never mounts the local providers' pages.
const { deps } = await initLambda({ httpApi: true });
export const handler = handle(createAppCore(deps, (app) => mountApiRoutes(app, deps)));
