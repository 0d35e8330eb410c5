import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import { CALENDAR_LIMITS } from '@shared/calendar-model';
import type { CalendarModelChange } from '@shared/calendar-model-changes';
import { CALENDAR_API_TEXTS as T } from '@shared/calendar-model-texts';
import { resolveWeeklyHours } from '@shared/receptionist/opening-hours';
import { apiErrorSchema } from '@shared/schemas/api-error';
import type { BusinessConfig } from '@shared/schemas/business-config';
import type { Closure } from '@shared/schemas/calendar-model';
import {
  affectedAppointmentsErrorSchema,
  calendarSettingsSchema,
  calendarWriteQuerySchema,
  closureInputSchema,
  closureParamsSchema,
  openingHoursInputSchema,
  slotGridInputSchema,
  type CalendarSettings,
} from '@shared/schemas/calendar-model-api';
import type { CalendarModelDeps, OwnerCancel } from './deps';
import { clearStrandedAppointments, type StrandedRefusal } from './destructive-edits';
import { newCalendarId } from './calendar-ids';
import { calendarSettingsOf, weeklyHoursOf } from './settings-view';
import { versionConflict } from './model-routes';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, notFound } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

type WriteQuery = z.infer<typeof calendarWriteQuerySchema>;
type SettingsWrite = { refused: StrandedRefusal } | { saved: CalendarSettings };

/**
 * Hours, closures and the booking grid (docs/decisions/183, "Editing the model"): fields of the business
 * config, which every call's after-hours check already reads. Hours and the grid go through the config
 * update helper (the last choice wins); closures are written on the list they were edited from. Shrinking
 * hours or closing over booked times is refused with the bookings listed, unless the owner cancels them.
 */
export const calendarSettingsRoutes = (deps: CalendarModelDeps, owner: OwnerCancel) => {
  const { data, verifyToken } = deps;
  const base = '/oauth/users/{userId}';
  const docs = { tags: ['calendar'], security: bearerSecurity };
  const bodyOf = <S extends z.ZodType>(schema: S) => ({
    content: { 'application/json': { schema } },
    required: true as const,
  });
  const settingsResponses = {
    200: jsonContent(calendarSettingsSchema, 'Hours, closures and grid as stored'),
    ...errorResponses,
    404: jsonContent(apiErrorSchema, 'No business config yet, or no such closure'),
    409: jsonContent(
      affectedAppointmentsErrorSchema.or(apiErrorSchema),
      'Bookings would be stranded, a limit is reached, or a parallel edit won',
    ),
  };

  const configOf = async (ownerId: string) => {
    const config = await data.businessConfigs.getConfig(ownerId);
    if (!config) throw notFound(T.configNotFound);
    return config;
  };

  /** Checks the change against upcoming bookings, then stores; the answer is the settings as stored. */
  async function settle(
    ownerId: string,
    query: WriteQuery,
    change: CalendarModelChange | undefined,
    store: () => Promise<BusinessConfig | undefined>,
  ): Promise<SettingsWrite> {
    const cleared = await clearStrandedAppointments(deps, owner, ownerId, change, query);
    if ('refused' in cleared) return cleared;
    const { cancelled } = cleared;
    const stored = await store();
    if (!stored) throw versionConflict();
    return { saved: { ...calendarSettingsOf(stored), ...(cancelled ? { cancelled } : {}) } };
  }

  /** Replaces the closures on the list read; the config as stored after, or undefined if another edit won. */
  const replaceClosures = async (ownerId: string, read: readonly Closure[], next: Closure[]) =>
    (await data.calendarClosures.replace(ownerId, read, next))
      ? data.businessConfigs.getConfig(ownerId)
      : undefined;

  const getRoute = createRoute({
    ...docs,
    method: 'get',
    path: `${base}/calendar-settings`,
    summary: 'Opening hours (and where they come from), closures and the booking grid',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: settingsResponses,
  });
  const hoursRoute = createRoute({
    ...docs,
    method: 'put',
    path: `${base}/opening-hours`,
    summary: 'Set the weekly opening hours (split and closed days)',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams, query: calendarWriteQuerySchema, body: bodyOf(openingHoursInputSchema) },
    responses: settingsResponses,
  });
  const gridRoute = createRoute({
    ...docs,
    method: 'put',
    path: `${base}/slot-grid`,
    summary: 'Choose the grid bookable start times fall on (10, 15, 20 or 30 minutes)',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams, body: bodyOf(slotGridInputSchema) },
    responses: settingsResponses,
  });
  const addClosureRoute = createRoute({
    ...docs,
    method: 'post',
    path: `${base}/closures`,
    summary: 'Add a closure (a date or range, all day or part of it, with what the assistant says)',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams, query: calendarWriteQuerySchema, body: bodyOf(closureInputSchema) },
    responses: { ...settingsResponses, 201: settingsResponses[200] },
  });
  const putClosureRoute = createRoute({
    ...docs,
    method: 'put',
    path: `${base}/closures/{closureId}`,
    summary: 'Replace a closure',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: closureParamsSchema,
      query: calendarWriteQuerySchema,
      body: bodyOf(closureInputSchema),
    },
    responses: settingsResponses,
  });
  const deleteClosureRoute = createRoute({
    ...docs,
    method: 'delete',
    path: `${base}/closures/{closureId}`,
    summary: 'Delete a closure',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: closureParamsSchema },
    responses: settingsResponses,
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(getRoute, async (c) =>
      c.json(calendarSettingsOf(await configOf(c.req.valid('param').userId)), 200),
    )
    .openapi(hoursRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const { opening_hours: hours } = c.req.valid('json');
      const config = await configOf(userId);
      const result = await settle(
        userId,
        c.req.valid('query'),
        { kind: 'hours', before: resolveWeeklyHours(config).hours, after: weeklyHoursOf(hours) },
        () => data.businessConfigs.updateConfigFields(userId, { opening_hours: hours }),
      );
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 200);
    })
    .openapi(gridRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const { slot_grid_minutes } = c.req.valid('json');
      const updated = await data.businessConfigs.updateConfigFields(userId, { slot_grid_minutes });
      if (!updated) throw notFound(T.configNotFound);
      return c.json(calendarSettingsOf(updated), 200);
    })
    .openapi(addClosureRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const config = await configOf(userId);
      const read = config.closures ?? [];
      if (read.length >= CALENDAR_LIMITS.closures) {
        throw new HttpError(409, 'limit_reached', T.limit('closures', CALENDAR_LIMITS.closures));
      }
      const closure: Closure = { id: newCalendarId('closure'), ...c.req.valid('json') };
      const result = await settle(userId, c.req.valid('query'), { kind: 'closure', after: closure }, () =>
        replaceClosures(userId, read, [...read, closure]),
      );
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 201);
    })
    .openapi(putClosureRoute, async (c) => {
      const { userId, closureId } = c.req.valid('param');
      const config = await configOf(userId);
      const read = config.closures ?? [];
      const before = read.find((existing) => existing.id === closureId);
      if (!before) throw notFound(T.closureNotFound);
      const closure: Closure = { id: closureId, ...c.req.valid('json') };
      const result = await settle(
        userId,
        c.req.valid('query'),
        { kind: 'closure', after: closure, before },
        () =>
          replaceClosures(
            userId,
            read,
            read.map((existing) => (existing.id === closureId ? closure : existing)),
          ),
      );
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 200);
    })
    .openapi(deleteClosureRoute, async (c) => {
      const { userId, closureId } = c.req.valid('param');
      const config = await configOf(userId);
      const read = config.closures ?? [];
      if (!read.some((existing) => existing.id === closureId)) throw notFound(T.closureNotFound);
      const stored = await replaceClosures(
        userId,
        read,
        read.filter((existing) => existing.id !== closureId),
      );
      if (!stored) throw versionConflict();
      return c.json(calendarSettingsOf(stored), 200);
    });
};
