import { handle } from 'hono/aws-lambda';
import { createApp } from './app';
import { initLambda } from './lambda-init';

/**
 * The telephony function: number search, purchase and release, and Twilio's voice and SMS webhooks
 * (TELEPHONY_HTTP_ROUTES). The same app code as lambda.ts with only those routes, so the Twilio SDK is
 * paid for here and never in the owner-facing API's cold start.
 */
const { deps } = await initLambda({ httpApi: true });
export const handler = handle(createApp(deps, 'telephony'));
