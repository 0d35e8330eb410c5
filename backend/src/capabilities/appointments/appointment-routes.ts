import type { DepositRefundOutcome } from '@shared/get-paid';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  createAppointmentSchema,
  moveAppointmentSchema,
  ownerBookingResponseSchema,
  ownerSlotsQuerySchema,
  ownerSlotsResponseSchema,
  type CreateAppointment,
  type OwnerSlotsQuery,
  type OwnerSlotsResponse,
  cancelAppointmentResponseSchema,
  dashboardAppointmentsResponseSchema,
  markAttendanceResponseSchema,
  markAttendanceSchema,
  pastAppointmentsResponseSchema,
  type DashboardAppointment,
} from '@shared/schemas/dashboard-appointments';
import { OWNER_BOOKING_TEXTS, PAST_APPOINTMENT_DAYS } from '@shared/dashboard-appointments';
import type { AppointmentAttendance } from '@shared/schemas/appointment';
import type { AppointmentsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, notFound, tooManyRequests } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/** What the Appointments view needs from the engine's appointment module (appointments-book.ts adapts it). */
export type AppointmentsBook = {
  /** The business's IANA time zone the view shows times in. */
  timeZone(ownerId: string): Promise<string>;
  /** Booked appointments that have not ended yet, soonest first. */
  upcoming(ownerId: string, now: Date): Promise<DashboardAppointment[]>;
  /** Cancels through the engine's cancel (frees the slot, texts the caller); undefined: no such appointment. */
  cancel(
    ownerId: string,
    appointmentId: string,
  ): Promise<
    | { appointment: DashboardAppointment; callerNotified: boolean; depositRefund: DepositRefundOutcome }
    | undefined
  >;
  /** The open times of one day for a service and staff member (the same engine as the assistant's). */
  openSlots(ownerId: string, query: OwnerSlotsQuery): Promise<Outcome<OwnerSlotsResponse>>;
  /** A new appointment through the booking invariant; 'taken' when the time went meanwhile. */
  create(
    ownerId: string,
    input: CreateAppointment,
  ): Promise<Outcome<{ appointment: DashboardAppointment; callerNotified: boolean }>>;
  /** Moves an upcoming appointment to an open time of its staff member; the caller is texted. */
  move(
    ownerId: string,
    appointmentId: string,
    start: string,
  ): Promise<Outcome<{ appointment: DashboardAppointment; callerNotified: boolean }>>;
  /** Booked appointments that started within the last `days`, latest first. */
  past(ownerId: string, days: number): Promise<DashboardAppointment[]>;
  /** The appointments a conversation booked (any status), starting between from and to. */
  ofConversation(
    ownerId: string,
    conversationId: string,
    from: Date,
    to: Date,
  ): Promise<DashboardAppointment[]>;
  /** The owner's attendance mark (one conditional write; the same mark again changes nothing). */
  mark(
    ownerId: string,
    appointmentId: string,
    attendance: AppointmentAttendance,
  ): Promise<
    | { ok: true; changed: boolean; appointment: DashboardAppointment }
    | { ok: false; reason: 'not_found' | 'cancelled' | 'not_started' }
  >;
};

type Outcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      reason: 'not_found' | 'unknown_service' | 'unknown_staff' | 'not_open' | 'taken' | 'daily_limit';
    };

/** The owner's booking refused: a 404 for a gone appointment, else a 409 or 422 that says what to do. */
function refusal(reason: Exclude<Outcome<unknown>, { ok: true }>['reason']): HttpError {
  if (reason === 'not_found') return notFound('Appointment not found');
  if (reason === 'unknown_service')
    return new HttpError(422, 'unknown_service', OWNER_BOOKING_TEXTS.unknownService);
  if (reason === 'unknown_staff')
    return new HttpError(422, 'unknown_staff', OWNER_BOOKING_TEXTS.unknownStaff);
  if (reason === 'daily_limit') return tooManyRequests(OWNER_BOOKING_TEXTS.dailyLimit);
  return new HttpError(409, 'slot_taken', OWNER_BOOKING_TEXTS.taken);
}

/** How far after a conversation its bookings can start (the slot finder's horizon, with room to spare). */
const CONVERSATION_BOOKING_HORIZON_DAYS = 366;

const appointmentParams = userIdParams.extend({ appointmentId: z.string().min(1).max(100) });

/** Issue 9 §8: the dashboard's Appointments view, per owner (path user id = token subject). */
export const appointmentRoutes = (deps: AppointmentsDeps, book: AppointmentsBook) => {
  const auth = requireAuth(deps.verifyToken);
  const listRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/appointments',
    tags: ['appointments'],
    summary: 'Upcoming appointments, with the business time zone to show them in',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      200: jsonContent(dashboardAppointmentsResponseSchema, 'Upcoming appointments'),
      ...errorResponses,
    },
  });
  const cancelRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/appointments/{appointmentId}/cancel',
    tags: ['appointments'],
    summary: 'Cancel an appointment: the slot is freed and the caller is texted',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: appointmentParams },
    responses: {
      200: jsonContent(cancelAppointmentResponseSchema, 'Cancelled'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No such appointment of this owner'),
    },
  });

  const pastRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/appointments/past',
    tags: ['appointments'],
    summary: `Booked appointments that started in the last ${PAST_APPOINTMENT_DAYS} days, latest first (to mark)`,
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      200: jsonContent(pastAppointmentsResponseSchema, 'Recent appointments'),
      ...errorResponses,
    },
  });
  const conversationRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/conversations/{conversationId}/appointments',
    tags: ['appointments'],
    summary: 'The appointments one conversation booked (the call detail marks them)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: {
      params: userIdParams.extend({ conversationId: z.string().min(1).max(100) }),
      query: z.object({ started_at: z.iso.datetime() }),
    },
    responses: {
      200: jsonContent(dashboardAppointmentsResponseSchema, "The conversation's appointments"),
      ...errorResponses,
    },
  });
  const attendanceRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/appointments/{appointmentId}/attendance',
    tags: ['appointments'],
    summary: 'Mark a started appointment attended or no-show (a no-show keeps a paid deposit)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: {
      params: appointmentParams,
      body: { content: { 'application/json': { schema: markAttendanceSchema } }, required: true },
    },
    responses: {
      200: jsonContent(markAttendanceResponseSchema, 'Marked (or already marked so)'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No such appointment of this owner'),
      409: jsonContent(apiErrorSchema, 'Cancelled, or not started yet'),
    },
  });

  const slotsRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/appointments/open-slots',
    tags: ['appointments'],
    summary: 'Open times of one day for a service and staff member (the assistant’s engine)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams, query: ownerSlotsQuerySchema },
    responses: {
      200: jsonContent(ownerSlotsResponseSchema, 'Open times, earliest first'),
      ...errorResponses,
      422: jsonContent(apiErrorSchema, 'The service or staff member does not exist'),
    },
  });
  const createAppointmentRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/appointments',
    tags: ['appointments'],
    summary: 'Book an appointment at an open time: the caller is texted a confirmation',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: createAppointmentSchema } }, required: true },
    },
    responses: {
      201: jsonContent(ownerBookingResponseSchema, 'Booked'),
      ...errorResponses,
      409: jsonContent(apiErrorSchema, 'The time was taken meanwhile'),
      422: jsonContent(apiErrorSchema, 'The service or staff member does not exist'),
      429: jsonContent(apiErrorSchema, 'The daily booking limit is reached'),
    },
  });
  const moveRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/appointments/{appointmentId}/move',
    tags: ['appointments'],
    summary: 'Move an upcoming appointment to an open time of its staff member: the caller is texted',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: {
      params: appointmentParams,
      body: { content: { 'application/json': { schema: moveAppointmentSchema } }, required: true },
    },
    responses: {
      200: jsonContent(ownerBookingResponseSchema, 'Moved'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No such upcoming appointment of this owner'),
      409: jsonContent(apiErrorSchema, 'The time was taken meanwhile'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(slotsRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const found = await book.openSlots(userId, c.req.valid('query'));
      if (!found.ok) throw refusal(found.reason);
      return c.json(found.value, 200);
    })
    .openapi(createAppointmentRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const done = await book.create(userId, c.req.valid('json'));
      if (!done.ok) throw refusal(done.reason);
      return c.json({ appointment: done.value.appointment, caller_notified: done.value.callerNotified }, 201);
    })
    .openapi(moveRoute, async (c) => {
      const { userId, appointmentId } = c.req.valid('param');
      const done = await book.move(userId, appointmentId, c.req.valid('json').start);
      if (!done.ok) throw refusal(done.reason);
      return c.json({ appointment: done.value.appointment, caller_notified: done.value.callerNotified }, 200);
    })
    .openapi(pastRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const [timeZone, past] = await Promise.all([
        book.timeZone(userId),
        book.past(userId, PAST_APPOINTMENT_DAYS),
      ]);
      return c.json({ time_zone: timeZone, appointments: past }, 200);
    })
    .openapi(conversationRoute, async (c) => {
      const { userId, conversationId } = c.req.valid('param');
      // A conversation books only after it started, within the booking horizon.
      const from = new Date(c.req.valid('query').started_at);
      const to = new Date(from.getTime() + CONVERSATION_BOOKING_HORIZON_DAYS * 86_400_000);
      const [timeZone, found] = await Promise.all([
        book.timeZone(userId),
        book.ofConversation(userId, conversationId, from, to),
      ]);
      return c.json({ time_zone: timeZone, appointments: found }, 200);
    })
    .openapi(attendanceRoute, async (c) => {
      const { userId, appointmentId } = c.req.valid('param');
      const { attendance } = c.req.valid('json');
      const result = await book.mark(userId, appointmentId, attendance);
      if (!result.ok) {
        if (result.reason === 'not_found') throw notFound('Appointment not found');
        throw result.reason === 'cancelled'
          ? new HttpError(409, 'appointment_cancelled', 'A cancelled appointment cannot be marked.')
          : new HttpError(
              409,
              'appointment_not_started',
              'An appointment can be marked attended or no-show once it has started.',
            );
      }
      const deposit = result.appointment.deposit;
      return c.json(
        {
          appointment: result.appointment,
          changed: result.changed,
          deposit_kept: attendance === 'no_show' && !!deposit?.paid && !deposit.refunded,
        },
        200,
      );
    })
    .openapi(listRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const [timeZone, appointments] = await Promise.all([
        book.timeZone(userId),
        book.upcoming(userId, deps.now()),
      ]);
      return c.json({ time_zone: timeZone, appointments }, 200);
    })
    .openapi(cancelRoute, async (c) => {
      const { userId, appointmentId } = c.req.valid('param');
      const result = await book.cancel(userId, appointmentId);
      if (!result) throw notFound('Appointment not found');
      return c.json(
        {
          appointment: result.appointment,
          caller_notified: result.callerNotified,
          deposit_refund: result.depositRefund,
        },
        200,
      );
    });
};
