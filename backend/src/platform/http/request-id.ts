import { randomUUID } from 'node:crypto';

/** A caller-supplied id is kept only if it is short and plain (it lands in logs and a response header). */
const ACCEPTED_REQUEST_ID = /^[\w-]{8,64}$/;

type LambdaEnv = { event?: { requestContext?: { requestId?: unknown } } };

/**
 * The request's one id, written on every log line of the request (`request_id`) and answered in
 * `X-Request-Id` (withAnswerHeaders, answer-headers.ts); `env` is the app's env (Hono's `c.env`: the Lambda
 * event, or the Node server's request objects). In Lambda it is API Gateway's request id, the
 * `requestId` of the API's access log, so an access-log line leads to the app's lines; locally a
 * well-formed incoming X-Request-Id or a new UUID.
 */
export function requestIdOf(request: Request, env: unknown): string {
  return requestIdFrom(
    (env as LambdaEnv | undefined)?.event,
    request.headers.get('x-request-id') ?? undefined,
  );
}

/** The same rule for a Lambda event read without Hono (the telephony function's incoming call). */
export function requestIdFrom(event: LambdaEnv['event'], incoming: string | undefined): string {
  const fromGateway = event?.requestContext?.requestId;
  if (typeof fromGateway === 'string' && fromGateway) return fromGateway;
  return incoming && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
