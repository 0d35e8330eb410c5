import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-types';
import { jsonContent } from '../openapi-helpers';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  responses: { 200: jsonContent(z.object({ ok: z.literal(true) }), 'The API is up') },
});

export const healthRoutes = () =>
  new OpenAPIHono<AppEnv>().openapi(healthRoute, (c) => c.json({ ok: true as const }, 200));
