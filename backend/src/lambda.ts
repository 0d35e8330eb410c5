import { handle } from 'hono/aws-lambda';
import { createApp } from './app';
import { initLambda } from './lambda-init';

// The owner-facing HTTP API; phone numbers and Twilio's webhooks are telephony-lambda.ts's.
const { deps } = await initLambda({ httpApi: true });
export const handler = handle(createApp(deps, 'api'));
