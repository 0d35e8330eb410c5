import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { frontendLogEventSchema } from '@shared/schemas/frontend-log-event';
import { FRONTEND_LOG_PATH } from '@shared/frontend-log-event';
import type { FrontendLogsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { bearerToken } from '../../platform/auth/token-verifier';
import { tooManyRequests } from '../../platform/errors/http-error';
import { errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import { clientAddress } from '../../platform/http/client-address';

const route = createRoute({
  method: 'post',
  path: FRONTEND_LOG_PATH,
  tags: ['logging'],
  summary: 'Record a frontend event (spec §3) as a structured log line',
  request: { body: { content: { 'application/json': { schema: frontendLogEventSchema } }, required: true } },
  responses: {
    202: jsonContent(z.object({ accepted: z.literal(true) }), 'Logged'),
    400: errorResponses[400],
    429: errorResponses[400],
  },
});

/**
 * Frontend events are written as JSON log lines (CloudWatch in AWS). The token is optional because sign-in
 * events happen before there is one; when present and valid, the verified subject is logged beside the
 * client's claims so a forged user id is visible.
 */
export const frontendLogRoutes = ({ verifyToken, rateLimiter, logger, config }: FrontendLogsDeps) =>
  new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const event = c.req.valid('json');
    const token = bearerToken(c.req.header('Authorization'));
    const verifiedUserId = token
      ? await verifyToken(token).then(
          (u) => u.sub,
          () => undefined,
        )
      : undefined;
    const client = verifiedUserId ?? clientAddress(c);
    if (!(await rateLimiter.hit(`frontend-log#${client}`, config.frontendLogRateLimit, 60))) {
      throw tooManyRequests('Too many log events. Please slow down.');
    }
    logger.info('frontend_event', { source: 'frontend', ...event, verified_user_id: verifiedUserId ?? null });
    return c.json({ accepted: true as const }, 202);
  });
