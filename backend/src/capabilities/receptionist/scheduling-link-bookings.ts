import { SLOT_MINUTES } from '@shared/receptionist/slots';
import type { AppointmentRepository } from '../appointments/records/index';
import type { SchedulingLinkBooking, SchedulingLinkBookingRepository } from '../calendars/records/index';
import type { Logger } from '../../platform/logging/logger';
import type { Appointment } from '@shared/schemas/appointment';
import type { Language } from '@shared/language';
import type { ConversationStateRepository, CallerMemoryRepository } from './records/index';
import type { BusinessProfile } from './business-profile';
import { confirmationText } from './tools/book';
import { cancelText } from './tools/reschedule-cancel';

/** What the scheduler's `invitee.created` webhook says was booked on its page. */
export type SchedulerBooking = {
  /** The token the assistant's link carried (Calendly echoes it as tracking.utm_content). */
  token: string;
  /** The scheduler's id of the booked event, kept as the appointment's calendar event. */
  eventId: string;
  start: Date;
  end: Date | undefined;
  inviteeName: string | undefined;
};

export type SchedulerBookingOutcome = 'booked' | 'already' | 'conflict' | 'unknown';
export type SchedulerCancelOutcome = 'cancelled' | 'already' | 'unknown';

/**
 * Confirms a booking the caller made on the owner's scheduling page (docs/decisions/151): the pending booking
 * is settled once, the appointment joins our store (which the Business Calendar feed and the dashboard
 * read) and the caller gets the usual confirmation text from the assistant's number. The scheduler is the
 * owner's truth: when our store already holds that time for someone else, the owner is left to sort it out
 * (logged), the booking is not duplicated.
 */
export function schedulerBookings(deps: {
  appointments: Pick<AppointmentRepository, 'book' | 'setCalendarEvent' | 'cancel' | 'markMovedFrom'>;
  schedulingLinks: Pick<SchedulingLinkBookingRepository, 'get' | 'settle'>;
  profileOf(ownerId: string): Promise<BusinessProfile>;
  sendText(from: string | undefined, to: string, body: string, conversationId: string): Promise<boolean>;
  assistantNumber(ownerId: string): Promise<string | undefined>;
  /** Plans the confirmed booking's reminders (docs/decisions/175-reminders.md). */
  planReminders?(appointment: Appointment, business: BusinessProfile): Promise<void>;
  /**
   * Cancels the appointment a confirmed reschedule replaces (and its event in the owner's calendar), naming
   * its replacement; the cancelled one, if it was still booked.
   */
  cancelReplaced(
    ownerId: string,
    appointmentId: string,
    replacementId: string,
  ): Promise<Appointment | undefined>;
  /** Tells the owner's webhooks (decision 178): a change the scheduler's page made is the calendar's. */
  appointmentChanged?(
    change: 'booked' | 'moved' | 'cancelled',
    appointment: Appointment,
    previousStartsAt?: string | null,
  ): Promise<void>;
  /** Where the caller's language is found for links sent before it was stored with them. */
  conversationStates?: Pick<ConversationStateRepository, 'get'>;
  callerMemories?: Pick<CallerMemoryRepository, 'get'>;
  logger: Logger;
}) {
  /**
   * The language to text the caller in (decision 174): the thread's when the link was sent, else the
   * conversation's or what the caller memory remembers, else English.
   */
  async function languageOf(pending: SchedulingLinkBooking): Promise<Language | undefined> {
    if (pending.language) return pending.language;
    const state = await deps.conversationStates?.get(pending.conversation_id);
    if (state?.language) return state.language;
    return (await deps.callerMemories?.get(pending.owner_id, pending.caller))?.language;
  }

  /** Texts the caller of a pending booking from the assistant's number (not for the owner's test chat). */
  async function tellCaller(pending: SchedulingLinkBooking, text: (business: BusinessProfile) => string) {
    if (pending.channel === 'test') return;
    const business = await deps.profileOf(pending.owner_id);
    await deps.sendText(
      await deps.assistantNumber(pending.owner_id),
      pending.caller,
      text(business),
      pending.conversation_id,
    );
  }

  async function schedulerBooked(booking: SchedulerBooking): Promise<SchedulerBookingOutcome> {
    const pending = await deps.schedulingLinks.get(booking.token);
    if (!pending) return 'unknown';
    if (pending.status !== 'pending') return 'already';
    const end = booking.end ?? new Date(booking.start.getTime() + SLOT_MINUTES * 60_000);
    const language = await languageOf(pending);
    const booked = await deps.appointments.book(pending.owner_id, {
      starts_at: booking.start.toISOString(),
      ends_at: end.toISOString(),
      customer_name: booking.inviteeName?.trim().slice(0, 100) || pending.name,
      customer_phone: pending.caller,
      service: pending.service,
      conversation_id: pending.conversation_id,
      channel: pending.channel,
      deposit: null,
      ...(language ? { language } : {}),
    });
    if (!booked.ok) {
      await deps.schedulingLinks.settle(booking.token, { status: 'conflict' });
      deps.logger.warn('scheduler_booking_conflict', { owner_id: pending.owner_id, start: booking.start });
      return 'conflict';
    }
    let { appointment } = booked;
    await deps.appointments.setCalendarEvent(pending.owner_id, appointment.id, booking.eventId);
    // A repeated webhook racing this one: only the settle that wins texts the caller.
    if (
      !(await deps.schedulingLinks.settle(booking.token, { status: 'booked', appointmentId: appointment.id }))
    )
      return 'already';
    const replaced = pending.replaces
      ? await deps.cancelReplaced(pending.owner_id, pending.replaces, appointment.id)
      : undefined;
    // A replacement is a move, stored as `reschedule` stores one, so polling lists one appointment.moved.
    if (replaced)
      appointment =
        (await deps.appointments.markMovedFrom(pending.owner_id, appointment.id, replaced.starts_at)) ??
        appointment;
    await deps.appointmentChanged?.(
      replaced ? 'moved' : 'booked',
      appointment,
      replaced ? replaced.starts_at : null,
    );
    await tellCaller(pending, (business) =>
      confirmationText(business.name, appointment, business.timeZone, 'Booked', language),
    );
    if (pending.channel !== 'test' && deps.planReminders)
      await deps.planReminders(appointment, await deps.profileOf(pending.owner_id));
    return 'booked';
  }

  /** The invitee cancelled on the scheduler's page: the booking it confirmed is cancelled here too, once. */
  async function schedulerCancelled(token: string): Promise<SchedulerCancelOutcome> {
    const pending = await deps.schedulingLinks.get(token);
    if (!pending?.appointment_id || pending.status !== 'booked') return 'unknown';
    const cancelled = await deps.appointments.cancel(pending.owner_id, pending.appointment_id);
    if (!cancelled) return 'already';
    await deps.appointmentChanged?.('cancelled', cancelled);
    await tellCaller(pending, (business) =>
      cancelText(business.name, cancelled, business.timeZone, 'none', cancelled.language),
    );
    return 'cancelled';
  }

  return { schedulerBooked, schedulerCancelled };
}
