import { z } from 'zod';
import { DEPOSIT_REFUND_OUTCOMES } from '../get-paid';
import { APPOINTMENT_ATTENDANCE } from './appointment';

/**
 * The dashboard's Appointments view (issue 9 §8): upcoming appointments in the business's time zone, and
 * cancel, which texts the caller. The view's own shape, mapped from the engine's appointment records.
 */
export const dashboardAppointmentSchema = z.object({
  id: z.string(),
  service: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  status: z.enum(['booked', 'cancelled']),
  /** Deposit asked for this booking, in cents, and whether the signed payment webhook confirmed it. */
  deposit: z
    .object({ amount_cents: z.number().int().min(0), paid: z.boolean(), refunded: z.boolean().optional() })
    .nullable(),
  channel: z.string().nullable(),
  /** When the caller confirmed it by replying to a reminder (docs/decisions/175-reminders.md). */
  confirmed_at: z.iso.datetime().nullable().optional(),
  /** The owner's mark once the appointment started (attended or no-show); absent until marked. */
  attendance: z.enum(APPOINTMENT_ATTENDANCE).optional(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;

export const dashboardAppointmentsResponseSchema = z.object({
  /** IANA zone the times are shown in (the business's). */
  time_zone: z.string(),
  appointments: z.array(dashboardAppointmentSchema),
});
export type DashboardAppointmentsResponse = z.infer<typeof dashboardAppointmentsResponseSchema>;

export const cancelAppointmentResponseSchema = z.object({
  appointment: dashboardAppointmentSchema,
  /** Whether the caller was texted about the cancellation (not when they opted out or have no number). */
  caller_notified: z.boolean(),
  /** What the owner's refund policy did with a paid deposit (issue 12 §3). */
  deposit_refund: z.enum(DEPOSIT_REFUND_OUTCOMES),
});
export type CancelAppointmentResponse = z.infer<typeof cancelAppointmentResponseSchema>;

/** The owner marks an appointment that has started: the caller came, or did not (a no-show). */
export const markAttendanceSchema = z.object({ attendance: z.enum(APPOINTMENT_ATTENDANCE) }).strict();
export type MarkAttendance = z.infer<typeof markAttendanceSchema>;
export const markAttendanceResponseSchema = z.object({
  appointment: dashboardAppointmentSchema,
  /** False when the appointment already had this mark (a repeated click changes nothing). */
  changed: z.boolean(),
  /** A paid deposit stays with the business on a no-show: never refunded automatically. */
  deposit_kept: z.boolean(),
});
export type MarkAttendanceResponse = z.infer<typeof markAttendanceResponseSchema>;

/** Appointments that already started, for the owner to mark (the Appointments tab's "Recent" list). */
export const pastAppointmentsResponseSchema = dashboardAppointmentsResponseSchema;
