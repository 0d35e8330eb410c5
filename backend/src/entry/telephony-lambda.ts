import { handle } from 'hono/aws-lambda';
import { createAppCore } from './app-core';
import { initLambda } from './lambda-init';
import { isCallWebhookPath, mountCallRoutes } from './surfaces/call-routes';

/**
 * The telephony function: number search, purchase and release, and Twilio's voice and SMS webhooks
 * (TELEPHONY_HTTP_ROUTES). The same app code as lambda.ts with only those routes, so the Twilio SDK is paid
 * for here and never in the owner-facing API's cold start.
 *
 * A caller waits on this function's cold start: its init builds only a call's webhooks (call-routes.ts),
 * and the rest of its routes (numbers, texts, A2P status: telephony-routes.ts) load on the first request
 * for one of them, as one app of all its routes (docs/decisions/186-cold-start.md).
 */
const { deps } = await initLambda({ httpApi: true });
const calls = handle(createAppCore(deps, (app) => mountCallRoutes(app, deps)));

type Handler = typeof calls;
let everything: Promise<Handler> | undefined;
function allRoutes(): Promise<Handler> {
  everything ??= import('./surfaces/telephony-routes').then(
    ({ mountTelephonyRoutes }) => handle(createAppCore(deps, (app) => mountTelephonyRoutes(app, deps))),
    (error: unknown) => {
      // Not kept: the next request tries again rather than failing for the instance's lifetime.
      everything = undefined;
      throw error;
    },
  );
  return everything;
}

/** API Gateway's HTTP API sends payload v2 (rawPath); v1 and ALB events name it `path`. */
const pathOf = (event: Parameters<Handler>[0]) => ('rawPath' in event ? event.rawPath : event.path);

export const handler: Handler = async (event, context) =>
  isCallWebhookPath(pathOf(event)) ? calls(event, context) : (await allRoutes())(event, context);
