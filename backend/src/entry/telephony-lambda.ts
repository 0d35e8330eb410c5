import type { APIGatewayProxyResult, LambdaContext, LambdaEvent } from 'hono/aws-lambda';
import { appMetrics } from './app-metrics';
import { createCallAnswerDeps, onFirstUse } from './call-answer-deps';
import { loadLambdaConfig } from './lambda-config';
import { reportColdStart } from '../platform/config/cold-start-report';
import { isCallWebhookPath } from './surfaces/call-webhook-paths';
import { directIncomingCall, isDirectIncomingCall } from './surfaces/incoming-call-direct';

/**
 * The telephony function: number search, purchase and release, and Twilio's voice and SMS webhooks
 * (TELEPHONY_HTTP_ROUTES). The same app code as lambda.ts with only those routes, so the Twilio SDK is paid
 * for here and never in the owner-facing API's cold start.
 *
 * A caller waits on this function's cold start: its init builds only the incoming call's answer from only
 * what a call needs (call-answer-deps.ts), and the first ring is answered without Hono's Lambda adapter
 * (incoming-call-direct.ts) by the same guards and code as its route. The call's other webhooks
 * (call-routes.ts, behind Hono) load on the first of them; the app's whole wiring, and the rest of its
 * routes (numbers, texts, A2P status: telephony-routes.ts), on the first request or call that needs them,
 * as one app of all its routes (docs/decisions/186-cold-start.md).
 */
const { logger, config } = await loadLambdaConfig({ httpApi: true });
const metrics = appMetrics(config, logger);
const { deps, everything } = createCallAnswerDeps(config, { logger, metrics });
// Which providers are real, what the others lack, and (in AWS) an error and a metric per outage.
reportColdStart(config, deps);
const firstRing = directIncomingCall(deps, { config, logger, metrics });

type Handler = (event: LambdaEvent, context?: LambdaContext) => Promise<APIGatewayProxyResult>;
// A call's other webhooks (status, the relay's end, transfers, recordings) behind Hono's adapter: built on
// the first of them, which comes after a caller was answered, so a first ring's init builds no Hono app.
const calls = onFirstUse((): Promise<Handler> =>
  import('./surfaces/call-webhooks-app').then(({ callWebhooksHandler }) => callWebhooksHandler(deps)),
);
const allRoutes = onFirstUse((): Promise<Handler> =>
  Promise.all([
    everything(),
    import('./surfaces/telephony-routes'),
    import('hono/aws-lambda'),
    import('./app-core'),
  ]).then(([all, { mountTelephonyRoutes }, { handle }, { createAppCore }]) =>
    handle(createAppCore(all, (app) => mountTelephonyRoutes(app, all))),
  ),
);

/** API Gateway's HTTP API sends payload v2 (rawPath); v1 and ALB events name it `path`. */
const pathOf = (event: Parameters<Handler>[0]) => ('rawPath' in event ? event.rawPath : event.path);

export const handler = async (
  event: LambdaEvent,
  context?: LambdaContext,
): Promise<APIGatewayProxyResult> => {
  if (isDirectIncomingCall(event)) return firstRing(event);
  return (await (isCallWebhookPath(pathOf(event)) ? calls() : allRoutes()))(event, context);
};
