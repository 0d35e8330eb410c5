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
  const fromGateway = (env as LambdaEnv | undefined)?.event?.requestContext?.requestId;
  if (typeof fromGateway === 'string' && fromGateway) return fromGateway;
  const incoming = request.headers.get('x-request-id');
  return incoming && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
