import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { callerTexts } from '@shared/caller-texts';
import type { Language } from '@shared/language';
import { spokenTimeIn } from '@shared/receptionist/spoken-time-es';
import { isoDateOf, spokenTime, zonedParts } from '@shared/receptionist/business-time';
import { pickStaff, serviceMinutes } from '@shared/receptionist/booking-choices';
import {
  MAX_BOOKINGS_PER_OWNER_PER_DAY,
  MAX_UPCOMING_APPOINTMENTS_PER_CALLER,
  type Appointment,
} from '@shared/schemas/appointment';
import { calendarEventFor } from '../../calendars/index';
import type { BookResult, NewAppointment } from '../../appointments/records/index';
import { availabilityFor } from './find-slots';
import { bookingChoiceOf, type BookingChoice } from './booking-choice';
import { depositFor } from '../business-profile';
import { isTextable, phoneArgSchema, type Tool, type ToolContext, type ToolResult } from './tool-types';

/**
 * Who is free at a start the engine itself would offer now (inside hours, on the grid, not past, not in a
 * closure, the whole service long): the staff ids in the order to offer them; empty when it isn't open.
 */
export async function freeStaffAt(
  context: Pick<ToolContext, 'business' | 'now' | 'services'>,
  choice: BookingChoice,
  start: Date,
  options: { ignoreAppointmentId?: string } = {},
) {
  const local = zonedParts(start, context.business.timeZone);
  const day = { year: local.year, month: local.month, day: local.day };
  const { answer, around } = await availabilityFor(
    context,
    choice,
    { from: day, to: day, time: local.hour * 60 + local.minute },
    options,
  );
  const exact = answer.exact?.start.getTime() === start.getTime() ? answer.exact : undefined;
  return { staffIds: exact?.staffIds ?? [], appointments: around.appointments };
}

/** The booking's service and staff fields (none for a business without services or staff). */
export function bookedWith(
  business: ToolContext['business'],
  choice: BookingChoice,
  staffId: string | undefined,
) {
  const member = business.calendar.staff.find((m) => m.id === staffId);
  const { duration, buffer } = serviceMinutes(choice.service);
  return {
    duration,
    fields: {
      ...(choice.service
        ? {
            service_id: choice.service.id,
            buffer_minutes: buffer,
            ...(choice.service.resource_id ? { resource_id: choice.service.resource_id } : {}),
          }
        : {}),
      ...(member ? { staff_id: member.id, staff_name: member.name } : {}),
    },
  };
}

/** The caller's confirmation: its words (CHANGE, CANCEL APPT) are the ones the assistant reads back. */
export function confirmationText(
  business: string,
  appointment: Appointment,
  timeZone: string,
  verb: 'Booked' | 'Rescheduled' = 'Booked',
  language?: Language,
) {
  const parts = {
    business,
    when: spokenTimeIn(language, new Date(appointment.starts_at), timeZone),
    service: appointment.service,
  };
  const texts = callerTexts(language);
  return verb === 'Rescheduled' ? texts.rescheduled(parts) : texts.booked(parts);
}

/**
 * Books a slot: checked against hours and bookings, then claimed with the conditional write (a race lost to
 * another caller answers 'taken' and fresh alternatives). The caller gets a text confirming it.
 */
export const bookTool: Tool<{
  start: string;
  name: string;
  phone?: string;
  service?: string;
  staff?: string;
}> = {
  name: 'book_appointment',
  description:
    'Book an appointment at a start time returned by find_open_slots, once the caller has chosen it and given their name. Pass the same service and staff member as to find_open_slots. The phone defaults to the number they are calling from.',
  args: z.object({
    start: z.iso.datetime(),
    name: z.string().trim().min(1).max(100),
    phone: phoneArgSchema.optional(),
    service: z.string().trim().max(100).optional(),
    staff: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe('The staff member the caller asked for; omit for whoever is free'),
  }),
  async run(context, args) {
    const { business, state, services } = context;
    const start = new Date(args.start);
    const phone = args.phone ?? state.caller;
    const chosen = bookingChoiceOf(business, args);
    if (!chosen.ok) return chosen.result;
    const { choice } = chosen;
    const free = await freeStaffAt(context, choice, start);
    if (free.staffIds.length === 0) {
      return { ok: false, summary: 'Requested time is not open', data: { reason: 'not_open' } };
    }
    const upcoming = (await services.appointments.upcoming(business.ownerId)).filter(
      (a) => a.customer_phone === phone,
    );
    if (upcoming.length >= MAX_UPCOMING_APPOINTMENTS_PER_CALLER) {
      return {
        ok: false,
        summary: 'Caller already holds the maximum of upcoming appointments',
        data: { reason: 'caller_limit' },
      };
    }
    if (!(await services.allow(`bookings#${business.ownerId}`, MAX_BOOKINGS_PER_OWNER_PER_DAY))) {
      return { ok: false, summary: 'Daily booking limit reached', data: { reason: 'daily_limit' } };
    }
    const schedulingLink = await services.calendar?.bookingLink(business.ownerId);
    if (schedulingLink) return sendSchedulingLink(context, schedulingLink, start, { ...args, phone });
    const booked = await bookFirstFree(context, choice, start, free, (staffId) => {
      const { duration, fields } = bookedWith(business, choice, staffId);
      return {
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + duration * 60_000).toISOString(),
        customer_name: args.name,
        customer_phone: phone,
        service: choice.service?.name ?? args.service ?? null,
        conversation_id: state.id,
        channel: state.channel,
        deposit: null,
        // Texts sent outside this conversation (reminders, the owner's cancellation) are in it (decision 174).
        ...(state.language ? { language: state.language } : {}),
        ...fields,
      };
    });
    if (!booked.ok)
      return { ok: false, summary: 'Slot was just taken by another caller', data: { reason: 'taken' } };
    const mirrored = await mirrorInCalendar(context, booked.appointment);
    if (mirrored.conflict) {
      await services.appointments.release(business.ownerId, booked.appointment.id);
      return {
        ok: false,
        summary: 'Slot was just taken in the business calendar',
        data: { reason: 'taken' },
      };
    }
    return afterBooking(context, mirrored.appointment, 'Booked');
  },
};

/**
 * Books the first free staff member in the fair order (the one asked for, else the least booked that day);
 * when another caller took that one a moment ago, the next one free at that time gets it.
 */
export async function bookFirstFree(
  context: Pick<ToolContext, 'business' | 'services'>,
  choice: BookingChoice,
  start: Date,
  free: { staffIds: string[]; appointments: Appointment[] },
  input: (staffId: string | undefined) => NewAppointment,
): Promise<BookResult> {
  const { business, services } = context;
  const left = [...free.staffIds];
  let result: BookResult = { ok: false, reason: 'taken' };
  while (left.length > 0) {
    const staffId = pickStaff(left, choice.staffId, start, business.timeZone, free.appointments);
    if (!staffId) break;
    // A shared resource (a room, a chair) holds up to its capacity at once: the ledger checks it.
    const resource = choice.service?.resource_id
      ? business.calendar.resources.find((r) => r.id === choice.service!.resource_id)
      : undefined;
    result = await services.appointments.book(
      business.ownerId,
      input(staffId),
      resource ? { resourceCapacity: resource.capacity } : {},
    );
    if (result.ok || choice.staffId) return result;
    left.splice(left.indexOf(staffId), 1);
  }
  return result;
}

/**
 * A scheduler without a booking API (Calendly, docs/decisions/151): the caller gets the owner's scheduling
 * page for the chosen day, carrying a random token, and the booking waits as pending until the scheduler's
 * signed webhook confirms it (then the caller gets the usual confirmation text).
 */
export async function sendSchedulingLink(
  context: ToolContext,
  link: string,
  start: Date,
  args: {
    name: string;
    phone: string;
    service?: string | undefined;
    /** A reschedule: this appointment is cancelled once the new time is confirmed on the page. */
    replaces?: string | undefined;
  },
): Promise<ToolResult> {
  const { business, state, services } = context;
  const token = randomBytes(16).toString('base64url');
  const date = isoDateOf(zonedParts(start, business.timeZone));
  const url = new URL(link);
  // Calendly's own parameters: the day to open on, the invitee's name, and a tracking value it echoes back.
  url.searchParams.set('month', date.slice(0, 7));
  url.searchParams.set('date', date);
  url.searchParams.set('name', args.name);
  url.searchParams.set('utm_content', token);
  await services.recordSchedulingLink({
    token,
    owner_id: business.ownerId,
    conversation_id: state.id,
    channel: state.channel,
    caller: args.phone,
    name: args.name,
    service: args.service ?? null,
    requested_start: start.toISOString(),
    ...(args.replaces ? { replaces: args.replaces } : {}),
    ...(state.language ? { language: state.language } : {}),
  });
  const when = spokenTime(start, business.timeZone);
  const texted =
    state.channel !== 'test' && isTextable(args.phone)
      ? await services.sendSms(
          args.phone,
          callerTexts(state.language).schedulingLink(
            { business: business.name, when: spokenTimeIn(state.language, start, business.timeZone) },
            url.toString(),
          ),
        )
      : false;
  state.achieved.contact_captured = true;
  return {
    ok: true,
    summary: `Scheduling link for ${when} ${texted ? 'texted to the caller' : 'created'}`,
    data: { pending: true, when, texted, ...(state.channel === 'test' ? { url: url.toString() } : {}) },
  };
}

/**
 * Puts a new booking in the owner's connected calendar, if any. A conflict means the calendar was booked
 * directly at the same moment: the caller must be offered another time.
 */
export async function mirrorInCalendar(
  { business, services }: Pick<ToolContext, 'business' | 'services'>,
  appointment: Appointment,
): Promise<{ conflict: true } | { conflict: false; appointment: Appointment }> {
  if (!services.calendar) return { conflict: false, appointment };
  // A named staff member's booking: the owner's calendar mirrors it beside the other stylists' (decision 183).
  const added = await services.calendar.add(business.ownerId, calendarEventFor(business.name, appointment), {
    mirrorOnly: Boolean(appointment.staff_id),
  });
  if (added.conflict) return { conflict: true };
  if (!added.eventId) return { conflict: false, appointment };
  await services.appointments.setCalendarEvent(business.ownerId, appointment.id, added.eventId);
  return { conflict: false, appointment: { ...appointment, calendar_event_id: added.eventId } };
}

/** Shared by booking and rescheduling: record it, text the caller, report it. */
export async function afterBooking(
  context: ToolContext,
  appointment: Appointment,
  verb: 'Booked' | 'Rescheduled',
  /** A move: where it was before (the appointment.moved event says so). */
  previousStartsAt: string | null = null,
): Promise<ToolResult> {
  const { business, state, services } = context;
  state.memory.booked = [...(state.memory.booked ?? []), appointment.id];
  state.achieved.booked = true;
  state.achieved.contact_captured = true;
  const texted =
    state.channel !== 'test' && isTextable(appointment.customer_phone)
      ? await services.sendSms(
          appointment.customer_phone,
          confirmationText(business.name, appointment, business.timeZone, verb, state.language),
        )
      : false;
  if (texted) state.achieved.confirmation_sent = true;
  // The owner's test chat books for real but reminds nobody (its "caller" is the owner).
  if (state.channel !== 'test') await services.planReminders?.(appointment);
  await services.appointmentChanged?.(verb === 'Booked' ? 'booked' : 'moved', appointment, previousStartsAt);
  const when = spokenTime(new Date(appointment.starts_at), business.timeZone);
  return {
    ok: true,
    summary: `${verb} ${appointment.service ? `${appointment.service} ` : ''}${appointment.staff_name ? `with ${appointment.staff_name} ` : ''}for ${appointment.customer_name} on ${when}`,
    data: {
      appointment_id: appointment.id,
      when,
      confirmation_texted: texted,
      deposit_cents: depositFor(business, appointment.service_id),
      ...(appointment.service ? { service: appointment.service } : {}),
      ...(appointment.staff_name ? { staff: appointment.staff_name } : {}),
    },
  };
}
