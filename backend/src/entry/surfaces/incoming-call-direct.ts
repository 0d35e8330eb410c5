import type { APIGatewayProxyResult, LambdaEvent } from 'hono/aws-lambda';
import type { ApiError } from '@shared/schemas/api-error';
import { ORIGIN_VERIFY_HEADER } from '@shared/origin-verify';
import { SERVICE_LIMITS } from '@shared/service-limits';
import type { AppConfig } from '../../platform/config/env';
import { errorAnswer } from '../../platform/errors/error-handler';
import { forbidden } from '../../platform/errors/http-error';
import { directAnswerHeaders } from '../../platform/http/answer-headers';
import { originVerifierFor } from '../../platform/http/origin-verify';
import { BODY_TOO_LARGE } from '../../platform/http/body-too-large';
import { requestIdFrom } from '../../platform/http/request-id';
import type { Logger } from '../../platform/logging/logger';
import { runWithEventLogContext } from '../../platform/logging/log-context';
import type { Metrics } from '../../platform/observability/metrics';
import {
  countTwilioWebhookAnswer,
  readSignedTwilioForm,
  type SignedRequest,
} from '../../providers/telephony/twilio-request';
import { VOICE_PATHS, voiceAnswers } from '../../capabilities/voice/first-ring';
import type { VoiceDeps } from '../../capabilities/voice/index';

/** API Gateway's HTTP API event (payload v2), the shape the telephony function is deployed behind. */
type HttpApiEvent = Extract<LambdaEvent, { rawPath: string }>;

/**
 * The caller's first ring (Twilio's POST of an incoming call) as API Gateway's payload v2 delivers it. Any
 * other event, v1 and ALB ones included, goes through Hono's Lambda adapter as before.
 */
export function isDirectIncomingCall(event: LambdaEvent): event is HttpApiEvent {
  return (
    Object.hasOwn(event, 'rawPath') &&
    (event as HttpApiEvent).rawPath === VOICE_PATHS.incoming &&
    Object.hasOwn(event.requestContext ?? {}, 'http') &&
    (event as HttpApiEvent).requestContext.http.method === 'POST'
  );
}

const XML = 'text/xml; charset=utf-8';
const JSON_TYPE = 'application/json';

/**
 * The telephony function's answer to a caller's first ring without Hono's Lambda adapter: no Fetch
 * `Request`/`Response` (Node loads undici for their first use), no router built on the first match and no
 * AsyncLocalStorage `run` (Node 20's promise hooks), about 15-25 ms of a cold first answer
 * (docs/decisions/186-cold-start.md). What the app does to this request, in the same order and with the
 * same code: the request id on every log line and in `X-Request-Id`, the answer headers of every answer
 * (answer-headers.ts), the origin check, the body limit (no TwiML library to preload: the voice answers are
 * written without it, decision 186 session 40), X-Twilio-Signature
 * checked before anything is read (readSignedTwilioForm), the incoming call's own answer
 * (answerIncomingCall, also the Hono route's), the error answer of the app's onError and the Twilio
 * webhook failure metric. incoming-call-direct.test.ts answers the same cases both ways.
 */
export function directIncomingCall(
  deps: VoiceDeps,
  wiring: { config: AppConfig; logger: Logger; metrics: Metrics },
) {
  const { config, logger, metrics } = wiring;
  const { answerIncomingCall } = voiceAnswers(deps);
  const originVerifier = originVerifierFor(config, { logger });
  const signing = { authToken: config.twilioWebhookAuthToken, publicApiUrl: config.publicApiUrl };

  return async (event: HttpApiEvent): Promise<APIGatewayProxyResult> => {
    const headers = lowerCaseHeaders(event.headers);
    const requestId = requestIdFrom(event, headers['x-request-id']);
    const answerHeaders = (type: string, extra?: Record<string, string>) =>
      directAnswerHeaders(
        { method: 'POST', requestId, authorization: headers.authorization, origin: headers.origin },
        config.allowedOrigins,
        type,
        extra,
      );
    const json = (status: number, body: ApiError, extra?: Record<string, string>) => ({
      statusCode: status,
      headers: answerHeaders(JSON_TYPE, extra),
      body: JSON.stringify(body),
      isBase64Encoded: false,
    });
    const url = requestUrlOf(event);
    // Hono's adapter answers a URL it cannot build with a bare 400 before the app runs.
    if (!url)
      return {
        statusCode: 400,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: 'Invalid request',
        isBase64Encoded: false,
      };

    return runWithEventLogContext({ request_id: requestId }, async () => {
      let result: APIGatewayProxyResult;
      try {
        if (originVerifier && !(await originVerifier.accepts(headers[ORIGIN_VERIFY_HEADER])))
          throw forbidden("Requests must come through the API's public URL");
        const body = bodyOf(event);
        // The app's body limit (request-guards.ts) answers, rather than throws, when the declared size is over.
        if (body && body.bytes > SERVICE_LIMITS.maxRequestBodyBytes) return json(413, BODY_TOO_LARGE);
        const request: SignedRequest = {
          url,
          // The adapter sets the length of the body it passes on.
          header: (name) =>
            name === 'content-length' && body ? String(body.bytes) : headers[name.toLowerCase()],
          text: async () => body?.text ?? '',
        };
        const form = await readSignedTwilioForm(request, signing);
        const twiml = await answerIncomingCall({ url, form });
        result = { statusCode: 200, headers: answerHeaders(XML), body: twiml, isBase64Encoded: false };
      } catch (error) {
        const answer = errorAnswer(error, logger, { path: event.rawPath, method: 'POST' });
        result = json(answer.status, answer.body, answer.headers);
      }
      countTwilioWebhookAnswer(metrics, result.statusCode);
      return result;
    });
  };
}

function lowerCaseHeaders(headers: HttpApiEvent['headers']): Record<string, string | undefined> {
  const lower: Record<string, string | undefined> = {};
  for (const name in headers) if (headers[name]) lower[name.toLowerCase()] = headers[name];
  return lower;
}

/** The URL Hono's adapter gives the request: https, the API's domain, the path and the raw query. */
function requestUrlOf(event: HttpApiEvent): string | undefined {
  const domain = 'domainName' in event.requestContext ? event.requestContext.domainName : event.headers.host;
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  try {
    return new URL(`https://${domain}${event.rawPath}${query}`).href;
  } catch {
    return undefined;
  }
}

/** The body as the adapter decodes it (base64 when API Gateway says so), with its length in bytes. */
function bodyOf(event: HttpApiEvent): { text: string; bytes: number } | undefined {
  if (!event.body) return undefined;
  const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  return { text: bytes.toString('utf8'), bytes: bytes.length };
}
