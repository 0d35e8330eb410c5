import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { SERVICE_LIMITS } from '@shared/service-limits';
import type { AppEnv } from '../../platform/http/app-env';
import type { DatabaseProbe } from '../../platform/dynamo/database-probe';
import { jsonContent } from '../../platform/http/openapi-helpers';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  responses: { 200: jsonContent(z.object({ ok: z.literal(true) }), 'Liveness: the API process answers') },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/health/ready',
  tags: ['system'],
  responses: {
    200: jsonContent(
      z.object({ ok: z.literal(true), database: z.literal('ok') }),
      'Ready: the database answers',
    ),
    503: jsonContent(
      z.object({ ok: z.literal(false), database: z.literal('unavailable') }),
      'Not ready: the database does not answer',
    ),
  },
});

/** Liveness never touches the database (a DB outage must not get healthy processes restarted); readiness does. */
export const healthRoutes = (deps: { databaseProbe?: DatabaseProbe } = {}) =>
  new OpenAPIHono<AppEnv>()
    .openapi(healthRoute, (c) => c.json({ ok: true as const }, 200))
    .openapi(readyRoute, async (c) => {
      try {
        await deps.databaseProbe?.();
        return c.json({ ok: true as const, database: 'ok' as const }, 200);
      } catch {
        c.header('Retry-After', String(SERVICE_LIMITS.databaseRetryAfterSeconds));
        return c.json({ ok: false as const, database: 'unavailable' as const }, 503);
      }
    });
