import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  DEFAULT_REMINDER_SETTINGS,
  reminderSettingsResponseSchema,
  reminderSettingsSchema,
} from '@shared/schemas/reminders';
import type { PlatformDeps } from '../../platform/deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import type { ReminderPlanning } from './planning';
import type { ReminderRepository } from './records/index';

export type ReminderRoutesDeps = Pick<PlatformDeps, 'verifyToken' | 'now' | 'logger'> & {
  data: { reminders: ReminderRepository };
  reminders: { planning: Pick<ReminderPlanning, 'replanOwner'> };
};

/**
 * The owner's reminder settings (docs/decisions/175-reminders.md), on the dashboard's Notifications tab.
 * Saving re-plans the owner's upcoming appointments under the new settings (at most
 * `REMINDER_LIMITS.replanMaxAppointments`); reminders planned before are checked against them at send time.
 */
export const reminderRoutes = (deps: ReminderRoutesDeps) => {
  const { data, now } = deps;
  const auth = requireAuth(deps.verifyToken);
  const path = '/oauth/users/{userId}/reminders';
  const getRoute = createRoute({
    tags: ['reminders'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'get',
    path,
    summary: 'The owner’s appointment reminder settings',
    request: { params: userIdParams },
    responses: { 200: jsonContent(reminderSettingsResponseSchema, 'The settings'), ...errorResponses },
  });
  const putRoute = createRoute({
    tags: ['reminders'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'put',
    path,
    summary: 'Save the owner’s appointment reminder settings',
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: reminderSettingsSchema } }, required: true },
    },
    responses: { 200: jsonContent(reminderSettingsResponseSchema, 'Saved'), ...errorResponses },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(getRoute, async (c) => {
      const { userId } = c.req.valid('param');
      return c.json((await data.reminders.getSettings(userId)) ?? DEFAULT_REMINDER_SETTINGS, 200);
    })
    .openapi(putRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const saved = await data.reminders.saveSettings(userId, c.req.valid('json'), now());
      const planned = await deps.reminders.planning.replanOwner(userId);
      deps.logger.info('reminders.settings_saved', { owner_id: userId, enabled: saved.enabled, planned });
      return c.json(saved, 200);
    });
};
