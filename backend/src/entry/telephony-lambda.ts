import { handle, type APIGatewayProxyResult, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import { createAppCore } from './app-core';
import { appMetrics } from './app-metrics';
import { createCallAnswerDeps } from './call-answer-deps';
import { loadLambdaConfig } from './lambda-config';
import { reportColdStart } from '../platform/config/cold-start-report';
import { isCallWebhookPath, mountCallRoutes } from './surfaces/call-routes';
import { directIncomingCall, isDirectIncomingCall } from './surfaces/incoming-call-direct';

/**
 * The telephony function: number search, purchase and release, and Twilio's voice and SMS webhooks
 * (TELEPHONY_HTTP_ROUTES). The same app code as lambda.ts with only those routes, so the Twilio SDK is paid
 * for here and never in the owner-facing API's cold start.
 *
 * A caller waits on this function's cold start: its init builds only a call's webhooks (call-routes.ts) from
 * only what they need (call-answer-deps.ts). The app's whole wiring, and the rest of its routes (numbers,
 * texts, A2P status: telephony-routes.ts), load on the first request or call that needs them, as one app of
 * all its routes (docs/decisions/186-cold-start.md). The incoming call itself, the first ring, is answered
 * without Hono's Lambda adapter (incoming-call-direct.ts) by the same guards and code as its route.
 */
const { logger, config } = await loadLambdaConfig({ httpApi: true });
const metrics = appMetrics(config, logger);
const { deps, everything } = createCallAnswerDeps(config, { logger, metrics });
// Which providers are real, what the others lack, and (in AWS) an error and a metric per outage.
reportColdStart(config, deps);
const calls = handle(createAppCore(deps, (app) => mountCallRoutes(app, deps)));
const firstRing = directIncomingCall(deps, { config, logger, metrics });

type Handler = typeof calls;
let allRoutesApp: Promise<Handler> | undefined;
function allRoutes(): Promise<Handler> {
  allRoutesApp ??= Promise.all([everything(), import('./surfaces/telephony-routes')])
    .then(([all, { mountTelephonyRoutes }]) =>
      handle(createAppCore(all, (app) => mountTelephonyRoutes(app, all))),
    )
    .catch((error: unknown) => {
      // Not kept: the next request tries again rather than failing for the instance's lifetime.
      allRoutesApp = undefined;
      throw error;
    });
  return allRoutesApp;
}

/** API Gateway's HTTP API sends payload v2 (rawPath); v1 and ALB events name it `path`. */
const pathOf = (event: Parameters<Handler>[0]) => ('rawPath' in event ? event.rawPath : event.path);

export const handler = async (
  event: LambdaEvent,
  context?: LambdaContext,
): Promise<APIGatewayProxyResult> => {
  if (isDirectIncomingCall(event)) return firstRing(event);
  return isCallWebhookPath(pathOf(event)) ? calls(event, context) : (await allRoutes())(event, context);
};
