import type { DepositRefundOutcome } from '@shared/get-paid';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  cancelAppointmentResponseSchema,
  dashboardAppointmentsResponseSchema,
  type DashboardAppointment,
} from '@shared/schemas/dashboard-appointments';
import type { AppointmentsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { notFound } from '../../platform/errors/http-error';
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
};

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

  return new OpenAPIHono<AppEnv>()
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
