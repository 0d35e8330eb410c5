import { z } from 'zod';
import { LANGUAGES } from '../language';

/**
 * An appointment the assistant booked (issue 9). One item per slot: the slot's start time is part of its key
 * and of its id, so the conditional put that creates it is what makes two callers unable to hold one slot.
 */
export const APPOINTMENT_STATUSES = ['booked', 'cancelled'] as const;
/** What the owner can mark once an appointment's time has come. */
export const APPOINTMENT_ATTENDANCE = ['attended', 'no_show'] as const;
export type AppointmentAttendance = (typeof APPOINTMENT_ATTENDANCE)[number];
export const appointmentSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  status: z.enum(APPOINTMENT_STATUSES),
  customer_name: z.string().max(100),
  customer_phone: z.string().max(20),
  service: z.string().max(100).nullable(),
  /** The conversation that booked it (and its channel), for the call log and the receipt. */
  conversation_id: z.string().nullable(),
  channel: z.string().nullable(),
  deposit: z
    .object({
      amount_cents: z.number().int().min(0),
      paid: z.boolean(),
      checkout_session_id: z.string().nullable(),
      paid_at: z.iso.datetime().nullable(),
      /** The owner's connected account the deposit was paid into (Stripe Connect, docs/decisions/150). */
      account_id: z.string().optional(),
      /** Set once when a cancellation inside the refund window gave the deposit back. */
      refunded_at: z.iso.datetime().optional(),
      refund_id: z.string().optional(),
    })
    .nullable(),
  created_at: z.iso.datetime(),
  cancelled_at: z.iso.datetime().nullable(),
  /**
   * A move is a new item (its id holds its start) and the old one cancelled: the new item keeps where it was
   * (`previous_starts_at`), the old one names its successor (`rescheduled_to`), so the polling list and the
   * analytics read one move, not a booking and a cancellation.
   */
  previous_starts_at: z.iso.datetime().optional(),
  rescheduled_to: z.string().optional(),
  /** The event mirroring it in the owner's connected calendar (docs/decisions/142), when there is one. */
  calendar_event_id: z.string().nullable().optional(),
  /** When its first reminder was sent (docs/decisions/175-reminders.md): the confirmation rate's base. */
  reminded_at: z.iso.datetime().optional(),
  /** When the caller confirmed it by replying to a reminder (docs/data-model.md "Receptionist"). */
  confirmed_at: z.iso.datetime().nullable().optional(),
  /** What the owner marked after the appointment's time: the caller came, or did not. */
  attendance: z.enum(APPOINTMENT_ATTENDANCE).optional(),
  attendance_marked_at: z.iso.datetime().optional(),
  /**
   * The caller's language when it was booked (docs/decisions/174-spanish.md), so texts sent outside the
   * conversation (the owner's cancellation, reminders) are in it. Absent: English.
   */
  language: z.enum(LANGUAGES).optional(),
  /**
   * The calendar model (issue 34, docs/decisions/183): the service booked (its name stays in `service`), the
   * staff member who does it (absent: the implicit staff member of a business without staff; the name is
   * kept so history reads well after a rename or removal), the time kept free after it, and the resource it
   * holds. Absent on appointments booked before services existed: 30 minutes, no buffer, no resource.
   */
  service_id: z.string().max(40).optional(),
  staff_id: z.string().max(40).optional(),
  staff_name: z.string().max(100).optional(),
  buffer_minutes: z.number().int().min(0).max(240).optional(),
  resource_id: z.string().max(40).optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** Upcoming booked appointments one caller (phone number) may hold with one business. */
export const MAX_UPCOMING_APPOINTMENTS_PER_CALLER = 3;
/** Bookings per business per day through the assistant: a runaway loop or abuse can't fill the calendar. */
export const MAX_BOOKINGS_PER_OWNER_PER_DAY = 200;
