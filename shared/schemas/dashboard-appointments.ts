import { z } from 'zod';
import { DEPOSIT_REFUND_OUTCOMES } from '../get-paid';
import { APPOINTMENT_ATTENDANCE } from './appointment';
import { typedPhoneSchema } from './phone-number';

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
  /** Who does it (docs/decisions/183-calendar-model.md); absent for a business without staff. */
  staff_name: z.string().optional(),
  service_id: z.string().optional(),
  staff_id: z.string().optional(),
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

/**
 * The owner books and moves from the Appointments tab (docs/decisions/183-calendar-model.md "The assistant"):
 * the open times of a day for a service (and staff member), a new appointment, a move. The same engine and
 * booking invariant as the assistant's; a time taken meanwhile answers 409 with OWNER_BOOKING_TEXTS.taken.
 */
const calendarRef = z.string().regex(/^(sv|st)_[a-z0-9]{8,16}$/, 'Unknown id.');
export const ownerSlotsQuerySchema = z
  .object({
    date: z.iso.date({ message: 'Choose a date.' }),
    service_id: calendarRef.optional(),
    staff_id: calendarRef.optional(),
  })
  .strict();
export type OwnerSlotsQuery = z.infer<typeof ownerSlotsQuerySchema>;
export const ownerSlotSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** Who is free for all of it, in the order the assistant would assign them (none: no staff defined). */
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type OwnerSlot = z.infer<typeof ownerSlotSchema>;
export const ownerSlotsResponseSchema = z.object({ time_zone: z.string(), slots: z.array(ownerSlotSchema) });
export type OwnerSlotsResponse = z.infer<typeof ownerSlotsResponseSchema>;

export const createAppointmentSchema = z
  .object({
    start: z.iso.datetime({ message: 'Choose an open time.' }),
    service_id: calendarRef.optional(),
    /** Absent: whoever is free (the one with fewer bookings that day). */
    staff_id: calendarRef.optional(),
    customer_name: z.string().trim().min(1, 'Enter the caller’s name.').max(100, 'At most 100 characters.'),
    // As the owner types it ("(415) 555-0142"; no plus means US/Canada), stored in E.164.
    customer_phone: typedPhoneSchema({
      rule: 'valid',
      message: 'Enter a valid phone number, e.g. (415) 555-0123 or +52 55 1234 5678.',
    }),
  })
  .strict();
export type CreateAppointment = z.infer<typeof createAppointmentSchema>;
export const moveAppointmentSchema = z
  .object({ start: z.iso.datetime({ message: 'Choose an open time.' }) })
  .strict();
export type MoveAppointment = z.infer<typeof moveAppointmentSchema>;
export const ownerBookingResponseSchema = z.object({
  appointment: dashboardAppointmentSchema,
  /** Whether the caller was texted the confirmation (not when they opted out or have no textable number). */
  caller_notified: z.boolean(),
});
export type OwnerBookingResponse = z.infer<typeof ownerBookingResponseSchema>;
