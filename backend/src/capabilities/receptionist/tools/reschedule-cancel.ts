import { callerTexts } from '@shared/caller-texts';
import type { Language } from '@shared/language';
import { spokenTimeIn } from '@shared/receptionist/spoken-time-es';
import type { DepositRefundOutcome } from '@shared/get-paid';
import { z } from 'zod';
import { spokenTime } from '@shared/receptionist/business-time';
import type { Appointment } from '@shared/schemas/appointment';
import { afterBooking, freeStaffAt, mirrorInCalendar, sendSchedulingLink } from './book';
import { appointmentMinutes, callersAppointment, choiceOfAppointment, staffOfMove } from './booking-choice';
import { isTextable, type Tool, type ToolContext } from './tool-types';

export const rescheduleTool: Tool<{ appointment_id?: string; new_start: string }> = {
  name: 'reschedule_appointment',
  description:
    "Move the caller's appointment to a new start time returned by find_open_slots. Without an id it moves the caller's next appointment.",
  args: z.object({ appointment_id: z.string().max(100).optional(), new_start: z.iso.datetime() }),
  async run(context, args) {
    const current = await callersAppointment(context, args.appointment_id);
    if (!current)
      return { ok: false, summary: 'No appointment found to reschedule', data: { reason: 'not_found' } };
    const start = new Date(args.new_start);
    // A scheduler without a booking API (Calendly): the new time is booked on its page; the old one stays
    // until that booking is confirmed, then it is cancelled.
    const schedulingLink = await context.services.calendar?.bookingLink(context.business.ownerId);
    if (schedulingLink) {
      return sendSchedulingLink(context, schedulingLink, start, {
        name: current.customer_name,
        phone: current.customer_phone,
        service: current.service ?? undefined,
        replaces: current.id,
      });
    }
    // The same service with the same staff member, at a time the engine would offer (the old time aside).
    const choice = choiceOfAppointment(context.business, current);
    const free = await freeStaffAt(context, choice, start, { ignoreAppointmentId: current.id });
    const staff = staffOfMove(context.business, current, free.staffIds);
    if (!staff) return { ok: false, summary: 'New time is not available', data: { reason: 'not_open' } };
    const moved = await context.services.appointments.reschedule(context.business.ownerId, current.id, {
      ...staff,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + appointmentMinutes(current) * 60_000).toISOString(),
      // The caller's language now: later texts about it (reminders, the owner's cancellation) follow it.
      language: context.state.language,
    });
    if (!moved.ok) return { ok: false, summary: 'New time is not available', data: { reason: moved.reason } };
    const { calendar } = context.services;
    const eventId = moved.appointment.calendar_event_id;
    // The event moves with the booking; a booking made before the calendar was connected gets one now.
    if (calendar && eventId)
      await calendar.move(context.business.ownerId, eventId, {
        start,
        end: new Date(moved.appointment.ends_at),
      });
    const synced = calendar && !eventId ? await mirrorInCalendar(context, moved.appointment) : undefined;
    return afterBooking(
      context,
      synced && !synced.conflict ? synced.appointment : moved.appointment,
      'Rescheduled',
      current.starts_at,
    );
  },
};

export const cancelText = (
  business: string,
  appointment: Appointment,
  timeZone: string,
  refund: DepositRefundOutcome = 'none',
  language?: Language,
) =>
  callerTexts(language).cancelled(
    { business, when: spokenTimeIn(language, new Date(appointment.starts_at), timeZone) },
    refund,
  );

/** Cancels and texts the caller; the dashboard's Appointments view cancels through the same function. */
export async function cancelAndNotify(
  context: Pick<ToolContext, 'business' | 'services'> & { channel: string; language?: Language },
  appointment: Appointment,
): Promise<{ cancelled: Appointment; texted: boolean; refund: DepositRefundOutcome } | undefined> {
  const cancelled = await context.services.appointments.cancel(context.business.ownerId, appointment.id);
  if (!cancelled) return undefined;
  if (cancelled.calendar_event_id)
    await context.services.calendar?.remove(context.business.ownerId, cancelled.calendar_event_id);
  const refund = await context.services.refundDeposit(cancelled);
  await context.services.appointmentChanged?.('cancelled', cancelled, null);
  const texted =
    context.channel !== 'test' && isTextable(cancelled.customer_phone)
      ? await context.services.sendSms(
          cancelled.customer_phone,
          cancelText(context.business.name, cancelled, context.business.timeZone, refund, context.language),
        )
      : false;
  return { cancelled, texted, refund };
}

export const cancelTool: Tool<{ appointment_id?: string }> = {
  name: 'cancel_appointment',
  description: "Cancel the caller's appointment (their next one when no id is given), after they confirmed.",
  args: z.object({ appointment_id: z.string().max(100).optional() }),
  async run(context, args) {
    const appointment = await callersAppointment(context, args.appointment_id);
    if (!appointment)
      return { ok: false, summary: 'No appointment found to cancel', data: { reason: 'not_found' } };
    const done = await cancelAndNotify(
      { ...context, channel: context.state.channel, language: context.state.language },
      appointment,
    );
    if (!done)
      return { ok: false, summary: 'Appointment was already cancelled', data: { reason: 'not_found' } };
    const when = spokenTime(new Date(appointment.starts_at), context.business.timeZone);
    const refunded = done.refund === 'refunded' ? ' and refunded the deposit' : '';
    return {
      ok: true,
      summary: `Cancelled the appointment on ${when}${refunded}`,
      data: { when, start: appointment.starts_at, texted: done.texted, deposit_refund: done.refund },
    };
  },
};

/**
 * The caller confirms they will come (a reply of CONFIRM to a reminder, or saying so): the appointment is
 * marked confirmed once, which the dashboard and the confirmation rate read (docs/decisions/175-reminders.md).
 */
export const confirmTool: Tool<{ appointment_id?: string }> = {
  name: 'confirm_appointment',
  description:
    "Mark the caller's appointment confirmed (their next one when no id is given) when they reply CONFIRM to a reminder or say they will come.",
  args: z.object({ appointment_id: z.string().max(100).optional() }),
  async run(context, args) {
    const appointment = await callersAppointment(context, args.appointment_id);
    if (!appointment)
      return { ok: false, summary: 'No appointment found to confirm', data: { reason: 'not_found' } };
    const confirmed = await context.services.appointments.confirm(
      context.business.ownerId,
      appointment.id,
      context.now,
    );
    const when = spokenTime(new Date(appointment.starts_at), context.business.timeZone);
    if (!confirmed) return { ok: false, summary: 'Appointment was cancelled', data: { reason: 'not_found' } };
    return {
      ok: true,
      summary: `Confirmed the appointment on ${when}`,
      data: { when, start: appointment.starts_at, already: confirmed.already },
    };
  },
};
