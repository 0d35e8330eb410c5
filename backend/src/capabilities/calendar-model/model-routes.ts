import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import { CALENDAR_API_TEXTS as T } from '@shared/calendar-model-texts';
import { droppedPerformers, type CalendarModelChange } from '@shared/calendar-model-changes';
import { resolveWeeklyHours } from '@shared/receptionist/opening-hours';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { calendarModelSchema } from '@shared/schemas/calendar-model';
import {
  affectedAppointmentsErrorSchema,
  calendarModelWriteSchema,
  calendarWriteQuerySchema,
  resourceInputSchema,
  resourceParamsSchema,
  serviceInputSchema,
  serviceParamsSchema,
  serviceSuggestionsSchema,
  staffInputSchema,
  staffParamsSchema,
  type CalendarModelWrite,
} from '@shared/schemas/calendar-model-api';
import { serviceSuggestions } from '@shared/service-suggestions';
import type { CalendarModelDeps, OwnerCancel } from './deps';
import { clearStrandedAppointments, type StrandedRefusal } from './destructive-edits';
import { applyModelEdit, type ModelEdit, type ModelEditRefusal, type ModelParts } from './model-edits';
import { newCalendarId } from './calendar-ids';
import { weeklyHoursOf } from './settings-view';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/** A refused edit as the API answers it: 404 gone, 409 limit or still needed, 400 on the field it names. */
export function modelRefusal(refusal: ModelEditRefusal): HttpError {
  switch (refusal.reason) {
    case 'not_found':
      return new HttpError(404, 'not_found', refusal.message);
    case 'limit':
      return new HttpError(409, 'limit_reached', refusal.message);
    case 'in_use':
      return new HttpError(409, 'in_use', refusal.message);
    case 'invalid':
      return new HttpError(400, 'validation_error', refusal.message, [
        { path: refusal.path, message: refusal.message },
      ]);
  }
}

export const versionConflict = () => new HttpError(409, 'conflict', T.conflict);

type WriteQuery = z.infer<typeof calendarWriteQuerySchema>;
type WriteResult = { refused: StrandedRefusal } | { saved: CalendarModelWrite };

/**
 * The owner's services, staff and resources (docs/decisions/183, "Editing the model"): one item, each write
 * a read-modify-write on the version read (and, when the editor sends it, on the version it last saw), the
 * pure edit checking limits and references, and a change that strands bookings refused with them listed.
 */
export const calendarModelRoutes = (deps: CalendarModelDeps, owner: OwnerCancel) => {
  const { data, verifyToken } = deps;
  const base = '/oauth/users/{userId}/calendar-model';
  const writeResponses = {
    ...errorResponses,
    404: jsonContent(apiErrorSchema, 'No such entity'),
    409: jsonContent(
      affectedAppointmentsErrorSchema.or(apiErrorSchema),
      'A limit is reached, a newer version was saved, something still needs it, or bookings would be stranded',
    ),
  };

  /** Reads, edits, checks stranded bookings (for the change the edit makes), then saves on the version read. */
  async function write(
    ownerId: string,
    query: WriteQuery,
    edit: ModelEdit,
    changeOf?: (model: ModelParts, after: ModelParts) => Promise<CalendarModelChange | undefined>,
  ): Promise<WriteResult> {
    const model = await data.calendarModel.get(ownerId);
    if (query.version !== undefined && query.version !== model.version) throw versionConflict();
    const outcome = applyModelEdit(model, edit);
    if (!outcome.ok) throw modelRefusal(outcome);
    const change = await changeOf?.(model, outcome);
    const cleared = await clearStrandedAppointments(deps, owner, ownerId, change, query);
    if ('refused' in cleared) return cleared;
    const { cancelled } = cleared;
    const { services, staff, resources } = outcome;
    const saved = await data.calendarModel.save(ownerId, { services, staff, resources }, model.version);
    if (!saved) throw versionConflict();
    return { saved: cancelled ? { ...saved, cancelled } : saved };
  }

  /** A staff member's hours change strands their bookings that their new hours no longer cover. */
  async function staffHoursChange(
    ownerId: string,
    staffId: string,
    model: ModelParts,
    after: ModelParts['staff'][number]['hours'],
  ): Promise<CalendarModelChange | undefined> {
    const before = model.staff.find((s) => s.id === staffId)?.hours ?? null;
    if (JSON.stringify(before) === JSON.stringify(after)) return undefined;
    const config = await data.businessConfigs.getConfig(ownerId);
    const business = resolveWeeklyHours(config ?? {}).hours;
    return {
      kind: 'hours',
      staffId,
      before: before ? weeklyHoursOf(before) : business,
      after: after ? weeklyHoursOf(after) : business,
    };
  }

  /** Taking someone off a service strands their bookings of it (whoever else does it now). */
  const performersChange = (model: ModelParts, after: ModelParts): CalendarModelChange | undefined => {
    const dropped = droppedPerformers(
      model.services,
      after.services,
      model.staff.map((member) => member.id),
    );
    return dropped.length > 0 ? { kind: 'performers', dropped } : undefined;
  };

  const bodyOf = <T extends z.ZodType>(schema: T) => ({
    content: { 'application/json': { schema } },
    required: true as const,
  });
  const created = { 201: jsonContent(calendarModelWriteSchema, 'The model as stored'), ...writeResponses };
  const replaced = { 200: jsonContent(calendarModelWriteSchema, 'The model as stored'), ...writeResponses };
  const docs = { tags: ['calendar'], security: bearerSecurity };

  const getRoute = createRoute({
    method: 'get',
    path: base,
    tags: ['calendar'],
    summary: 'Services, staff and resources (empty for a business that defined none)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(calendarModelSchema, 'The model'), ...errorResponses },
  });
  const suggestionsRoute = createRoute({
    method: 'get',
    path: `${base}/suggestions`,
    tags: ['calendar'],
    summary: 'Services suggested by the prices in the business description (nothing is stored)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(serviceSuggestionsSchema, 'Suggested services'), ...errorResponses },
  });

  const addService = createRoute({
    ...docs,
    method: 'post',
    path: `${base}/services`,
    summary: 'Add a service',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams, query: calendarWriteQuerySchema, body: bodyOf(serviceInputSchema) },
    responses: created,
  });
  const putService = createRoute({
    ...docs,
    method: 'put',
    path: `${base}/services/{serviceId}`,
    summary: 'Replace a service',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: serviceParamsSchema,
      query: calendarWriteQuerySchema,
      body: bodyOf(serviceInputSchema),
    },
    responses: replaced,
  });
  const deleteService = createRoute({
    ...docs,
    method: 'delete',
    path: `${base}/services/{serviceId}`,
    summary: 'Delete a service (refused while bookings of it are ahead, unless cancel_affected)',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: serviceParamsSchema, query: calendarWriteQuerySchema },
    responses: replaced,
  });
  const addStaff = createRoute({
    ...docs,
    method: 'post',
    path: `${base}/staff`,
    summary: 'Add a staff member (and the services they do)',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams, query: calendarWriteQuerySchema, body: bodyOf(staffInputSchema) },
    responses: created,
  });
  const putStaff = createRoute({
    ...docs,
    method: 'put',
    path: `${base}/staff/{staffId}`,
    summary: 'Replace a staff member (and the services they do)',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: staffParamsSchema, query: calendarWriteQuerySchema, body: bodyOf(staffInputSchema) },
    responses: replaced,
  });
  const deleteStaff = createRoute({
    ...docs,
    method: 'delete',
    path: `${base}/staff/{staffId}`,
    summary: 'Delete a staff member (refused while their bookings are ahead, unless cancel_affected)',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: staffParamsSchema, query: calendarWriteQuerySchema },
    responses: replaced,
  });
  const addResource = createRoute({
    ...docs,
    method: 'post',
    path: `${base}/resources`,
    summary: 'Add a resource (a chair, room or bay)',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams, query: calendarWriteQuerySchema, body: bodyOf(resourceInputSchema) },
    responses: created,
  });
  const putResource = createRoute({
    ...docs,
    method: 'put',
    path: `${base}/resources/{resourceId}`,
    summary: 'Replace a resource',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: resourceParamsSchema,
      query: calendarWriteQuerySchema,
      body: bodyOf(resourceInputSchema),
    },
    responses: replaced,
  });
  const deleteResource = createRoute({
    ...docs,
    method: 'delete',
    path: `${base}/resources/{resourceId}`,
    summary: 'Delete a resource no service uses',
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: resourceParamsSchema, query: calendarWriteQuerySchema },
    responses: replaced,
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(getRoute, async (c) => c.json(await data.calendarModel.get(c.req.valid('param').userId), 200))
    .openapi(suggestionsRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const [config, model] = await Promise.all([
        data.businessConfigs.getConfig(userId),
        data.calendarModel.get(userId, { consistent: false }),
      ]);
      const suggestions = serviceSuggestions(
        config?.business_description,
        model.services.map((s) => s.name),
      );
      return c.json({ suggestions }, 200);
    })
    .openapi(addService, async (c) => {
      const { userId } = c.req.valid('param');
      const input = c.req.valid('json');
      const result = await write(userId, c.req.valid('query'), {
        kind: 'put_service',
        id: newCalendarId('service'),
        input,
        create: true,
      });
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 201);
    })
    .openapi(putService, async (c) => {
      const { userId, serviceId } = c.req.valid('param');
      const input = c.req.valid('json');
      const result = await write(
        userId,
        c.req.valid('query'),
        { kind: 'put_service', id: serviceId, input, create: false },
        async (model, after) => performersChange(model, after),
      );
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 200);
    })
    .openapi(deleteService, async (c) => {
      const { userId, serviceId } = c.req.valid('param');
      const result = await write(
        userId,
        c.req.valid('query'),
        { kind: 'delete_service', id: serviceId },
        async () => ({
          kind: 'delete_service',
          serviceId,
        }),
      );
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 200);
    })
    .openapi(addStaff, async (c) => {
      const { userId } = c.req.valid('param');
      const input = c.req.valid('json');
      const result = await write(userId, c.req.valid('query'), {
        kind: 'put_staff',
        id: newCalendarId('staff'),
        input,
        create: true,
      });
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 201);
    })
    .openapi(putStaff, async (c) => {
      const { userId, staffId } = c.req.valid('param');
      const input = c.req.valid('json');
      const result = await write(
        userId,
        c.req.valid('query'),
        { kind: 'put_staff', id: staffId, input, create: false },
        async (model, after) => {
          const changes = [
            await staffHoursChange(userId, staffId, model, input.hours),
            performersChange(model, after),
          ].filter((change) => change !== undefined);
          return changes.length > 0 ? { kind: 'each', changes } : undefined;
        },
      );
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 200);
    })
    .openapi(deleteStaff, async (c) => {
      const { userId, staffId } = c.req.valid('param');
      const result = await write(
        userId,
        c.req.valid('query'),
        { kind: 'delete_staff', id: staffId },
        async () => ({
          kind: 'delete_staff',
          staffId,
        }),
      );
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 200);
    })
    .openapi(addResource, async (c) => {
      const { userId } = c.req.valid('param');
      const input = c.req.valid('json');
      const result = await write(userId, c.req.valid('query'), {
        kind: 'put_resource',
        id: newCalendarId('resource'),
        input,
        create: true,
      });
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 201);
    })
    .openapi(putResource, async (c) => {
      const { userId, resourceId } = c.req.valid('param');
      const input = c.req.valid('json');
      const result = await write(userId, c.req.valid('query'), {
        kind: 'put_resource',
        id: resourceId,
        input,
        create: false,
      });
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 200);
    })
    .openapi(deleteResource, async (c) => {
      const { userId, resourceId } = c.req.valid('param');
      const result = await write(userId, c.req.valid('query'), { kind: 'delete_resource', id: resourceId });
      return 'refused' in result ? c.json(result.refused, 409) : c.json(result.saved, 200);
    });
};
