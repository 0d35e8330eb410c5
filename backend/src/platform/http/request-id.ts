import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';

/** A caller-supplied id is kept only if it is short and plain (it lands in logs and a response header). */
const ACCEPTED_REQUEST_ID = /^[\w-]{8,64}$/;

type LambdaEnv = { event?: { requestContext?: { requestId?: unknown } } };

/**
 * The request's one id, written on every log line of the request (`request_id`) and answered in
 * `X-Request-Id` (apiAnswerHeaders, answer-headers.ts). In Lambda it is API Gateway's request id, the
 * `requestId` of the API's access log, so an access-log line leads to the app's lines; locally a
 * well-formed incoming X-Request-Id or a new UUID.
 */
export function requestIdOf(c: Context): string {
  return requestIdFrom((c.env as LambdaEnv | undefined)?.event, c.req.header('x-request-id'));
}

/** The same rule for a Lambda event read without Hono (the telephony function's incoming call). */
export function requestIdFrom(event: LambdaEnv['event'], incoming: string | undefined): string {
  const fromGateway = event?.requestContext?.requestId;
  if (typeof fromGateway === 'string' && fromGateway) return fromGateway;
  return incoming && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
