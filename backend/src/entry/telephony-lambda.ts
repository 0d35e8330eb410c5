import { handle } from 'hono/aws-lambda';
import { createAppCore } from './app-core';
import { initLambda } from './lambda-init';
import { mountTelephonyRoutes } from './surfaces/telephony-routes';

/**
 * The telephony function: number search, purchase and release, and Twilio's voice and SMS webhooks
 * (TELEPHONY_HTTP_ROUTES). The same app code as lambda.ts with only those routes (createApp(deps,
 * 'telephony') without importing the others), so the Twilio SDK is paid for here and never in the
 * owner-facing API's cold start, and a call's first webhook does not load the owner API's code.
 */
const { deps } = await initLambda({ httpApi: true });
export const handler = handle(createAppCore(deps, (app) => mountTelephonyRoutes(app, deps)));
