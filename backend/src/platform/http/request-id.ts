import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { runWithLogContext } from '../logging/log-context';

/** A caller-supplied id is kept only if it is short and plain (it lands in logs and a response header). */
const ACCEPTED_REQUEST_ID = /^[\w-]{8,64}$/;

type LambdaEnv = { event?: { requestContext?: { requestId?: unknown } } };

/**
 * Gives each request one id, written on every log line of the request (`request_id`) and answered in
 * `X-Request-Id`. In Lambda it is API Gateway's request id, the `requestId` of the API's access log, so
 * an access-log line leads to the app's lines; locally a well-formed incoming X-Request-Id or a new UUID.
 */
export const requestIdMiddleware: MiddlewareHandler = async (c, next) => {
  const fromGateway = (c.env as LambdaEnv | undefined)?.event?.requestContext?.requestId;
  const incoming = c.req.header('x-request-id');
  const requestId =
    typeof fromGateway === 'string' && fromGateway
      ? fromGateway
      : incoming && ACCEPTED_REQUEST_ID.test(incoming)
        ? incoming
        : randomUUID();
  c.header('X-Request-Id', requestId);
  await runWithLogContext({ request_id: requestId }, next);
};
