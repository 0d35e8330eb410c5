import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { forwardingStatus } from '@shared/forwarding';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { forwardingChoiceSchema, forwardingStatusSchema } from '@shared/schemas/forwarding';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { ForwardingDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { notFound } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/**
 * The forwarding guide's API (docs/decisions/172-forwarding.md): its status (verified by a forwarded call,
 * never by the owner's word) and the carrier and kind the owner chose, kept so the guide reopens on them.
 */
export const forwardingRoutes = ({ verifyToken, data }: ForwardingDeps) => {
  const notFoundResponse = { 404: jsonContent(apiErrorSchema, 'No business config for this owner') };

  const getRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/forwarding',
    tags: ['forwarding'],
    summary: 'Forwarding from the business line: verified or not, last seen, the chosen carrier and kind',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      200: jsonContent(forwardingStatusSchema, 'The forwarding status'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  const putRoute = createRoute({
    method: 'put',
    path: '/oauth/users/{userId}/forwarding',
    tags: ['forwarding'],
    summary: 'Save the carrier and kind of forwarding the owner chose in the guide',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: forwardingChoiceSchema } }, required: true },
    },
    responses: {
      200: jsonContent(forwardingStatusSchema, 'The forwarding status with the choice saved'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(getRoute, async (c) => {
      const config = await data.forwarding.get(c.req.valid('param').userId);
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      return c.json(forwardingStatus(config), 200);
    })
    .openapi(putRoute, async (c) => {
      const config = await data.forwarding.saveChoice(c.req.valid('param').userId, c.req.valid('json'));
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      return c.json(forwardingStatus(config), 200);
    });
};
