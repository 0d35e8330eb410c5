import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { businessConfigSchema } from '@shared/schemas/business-config';
import type { AppDeps, AppEnv } from '../../app-types';
import { requireAuth, requireOwner } from '../../auth/middleware';
import { notFound } from '../../errors/http-error';
import { bearerSecurity, errorResponses, jsonContent } from '../openapi-helpers';

const userIdParams = z.object({ userId: z.string().min(1).max(128) });

export const configRoutes = ({ verifyToken, data }: AppDeps) => {
  const getConfigRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/config',
    tags: ['config'],
    summary: "Load the owner's business config (404 when none yet)",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      200: jsonContent(businessConfigSchema, 'The business config'),
      ...errorResponses,
      404: errorResponses[400],
    },
  });

  return new OpenAPIHono<AppEnv>().openapi(getConfigRoute, async (c) => {
    const config = await data.businessConfigs.getConfig(c.req.valid('param').userId);
    if (!config) throw notFound('Business config not found');
    return c.json(config, 200);
  });
};
