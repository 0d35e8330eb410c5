import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { DEFAULT_TIME_ZONE } from '@shared/receptionist/time-zones';
import {
  defaultNotificationPreferences,
  notificationPreferencesResponseSchema as preferencesResponseSchema,
  notificationPreferencesSchema,
} from '@shared/schemas/notifications';
import type { NotificationsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/**
 * Issue 13 §2: the owner's notification preferences. Until saved, the defaults go to the escalation e-mail
 * of setup step 5 (else the sign-in e-mail); saving stores them as their own item.
 */
export const notificationRoutes = ({ verifyToken, data, now }: NotificationsDeps) => {
  const auth = requireAuth(verifyToken);
  const getRoute = createRoute({
    tags: ['notifications'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'get',
    path: '/oauth/users/{userId}/notifications',
    summary: 'The owner’s notification preferences',
    request: { params: userIdParams },
    responses: { 200: jsonContent(preferencesResponseSchema, 'The preferences'), ...errorResponses },
  });
  const putRoute = createRoute({
    tags: ['notifications'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'put',
    path: '/oauth/users/{userId}/notifications',
    summary: 'Save the owner’s notification preferences',
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: notificationPreferencesSchema } }, required: true },
    },
    responses: { 200: jsonContent(preferencesResponseSchema, 'Saved'), ...errorResponses },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(getRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const stored = await data.notifications.getPreferences(userId);
      if (stored) return c.json(stored, 200);
      const config = await data.businessConfigs.getConfig(userId);
      const email = config?.escalation_email || c.get('user')?.email || '';
      return c.json(defaultNotificationPreferences(email), 200);
    })
    .openapi(putRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const prefs = c.req.valid('json');
      await data.notifications.savePreferences(userId, prefs, now());
      if (prefs.daily_digest) {
        const config = await data.businessConfigs.getConfig(userId);
        await data.notifications.addDigestRecipient(userId, config?.time_zone ?? DEFAULT_TIME_ZONE, now());
      }
      return c.json(prefs, 200);
    });
};
