import { z } from 'zod';
import { CALENDAR_LIMITS, IMPLICIT_STAFF_ID } from '@shared/calendar-model';
import {
  findAvailability,
  staffForService,
  type AvailabilityAnswer,
} from '@shared/receptionist/availability';
import { bookingQuery } from '@shared/receptionist/booking-choices';
import { spokenTime } from '@shared/receptionist/business-time';
import { resolveWhen, type WhenRequest } from '@shared/receptionist/date-phrases';
import { BOOKING_HORIZON_DAYS } from '@shared/receptionist/slots';
import {
  bookingChoiceOf,
  callersAppointment,
  choiceOfAppointment,
  type BookingChoice,
} from './booking-choice';
import type { Tool, ToolContext } from './tool-types';

/**
 * Booked appointments, the connected calendar's busy times and each staff member's own calendar's busy
 * times over the booking horizon, read in parallel once per search (at most one call per staff member).
 */
export async function bookingsAround(
  { business, now, services }: Pick<ToolContext, 'business' | 'now' | 'services'>,
  /** Only these staff members' calendars are read (those who can take the booking); undefined: everyone's. */
  staffIds?: readonly string[],
) {
  const from = new Date(now.getTime() - 86_400_000);
  const until = new Date(now.getTime() + (BOOKING_HORIZON_DAYS + 2) * 86_400_000);
  const calendar = services.calendar;
  const withCalendars = calendar
    ? business.calendar.staff
        .filter((member) => member.calendar && (!staffIds || staffIds.includes(member.id)))
        .slice(0, CALENDAR_LIMITS.staff)
    : [];
  const [booked, calendarBusy, ...ofStaff] = await Promise.all([
    services.appointments.listBetween(business.ownerId, from, until),
    calendar?.busy(business.ownerId, from, until) ?? [],
    ...withCalendars.map((member) => calendar!.busyOf(business.ownerId, member.calendar!, from, until)),
  ]);
  const staffCalendarBusy = Object.fromEntries(withCalendars.map((member, i) => [member.id, ofStaff[i]!]));
  return { appointments: booked.filter((a) => a.status === 'booked'), calendarBusy, staffCalendarBusy };
}

/** The engine's answer for a choice: the business's hours, closures and grid, and the bookings made. */
export async function availabilityFor(
  context: Pick<ToolContext, 'business' | 'now' | 'services'>,
  choice: BookingChoice,
  when: WhenRequest | undefined,
  options: { ignoreAppointmentId?: string; limit?: number } = {},
): Promise<{ answer: AvailabilityAnswer; around: Awaited<ReturnType<typeof bookingsAround>> }> {
  const { business, now } = context;
  // A caller asking for Jordan, or a service two of five stylists do, needs only those calendars read.
  const candidates = staffForService(
    { services: choice.service ? [choice.service] : [], staff: business.calendar.staff },
    choice.service?.id,
    choice.staffId,
  ).map((member) => member.id);
  const around = await bookingsAround(context, candidates);
  const answer = findAvailability(
    bookingQuery({
      model: business.calendar,
      service: choice.service,
      staffId: choice.staffId,
      businessHours: business.weeklyHours,
      closures: business.closures,
      gridMinutes: business.slotGridMinutes,
      timeZone: business.timeZone,
      now,
      when,
      appointments: around.appointments,
      calendarBusy: around.calendarBusy,
      staffCalendarBusy: around.staffCalendarBusy,
      ignoreAppointmentId: options.ignoreAppointmentId,
      ...(options.limit ? { limit: options.limit } : {}),
    }),
  );
  return { answer, around };
}

/** Names of the staff free for a slot, as the caller hears them (none for a business without staff). */
const staffNames = (business: ToolContext['business'], ids: readonly string[]) =>
  ids
    .filter((id) => id !== IMPLICIT_STAFF_ID)
    .map((id) => business.calendar.staff.find((member) => member.id === id)?.name)
    .filter((name): name is string => Boolean(name));

/**
 * Open times for what the caller asked ("tomorrow afternoon", "next Tuesday at 3"): the words are resolved
 * by code in the business's time zone, then the engine finds the service's slots in the staff's hours,
 * around the bookings and closures. A business with services needs the service first.
 */
export const findSlotsTool: Tool<{ when: string; service?: string; staff?: string; reschedule?: string }> = {
  name: 'find_open_slots',
  description:
    "Find open appointment times. Pass the caller's own words about when (e.g. 'tomorrow afternoon', 'next Tuesday at 3', 'the 5th'); pass 'soon' if they gave none. When the business has services, pass the service the caller chose (ask which one first if they haven't said), and the staff member they asked for ('with Jordan') or nothing for anyone. Offer only the times it returns; if it says the day is closed, say its note.",
  args: z.object({
    when: z.string().max(200),
    service: z.string().max(100).optional().describe('The service the caller wants, by its name'),
    staff: z
      .string()
      .max(100)
      .optional()
      .describe("The staff member the caller asked for, by name; omit or 'anyone' for whoever is free"),
    reschedule: z
      .string()
      .max(100)
      .optional()
      .describe(
        "When moving an appointment: its appointment_id, or 'next' for the caller's next one (its service and staff member are kept)",
      ),
  }),
  async run(context, args) {
    const { business, now, state } = context;
    const moving = args.reschedule
      ? await callersAppointment(context, args.reschedule === 'next' ? undefined : args.reschedule)
      : undefined;
    const chosen = moving
      ? { ok: true as const, choice: choiceOfAppointment(business, moving) }
      : bookingChoiceOf(business, args);
    if (!chosen.ok) return chosen.result;
    const { choice } = chosen;
    const request = resolveWhen(args.when, now, business.timeZone);
    const { answer } = await availabilityFor(
      context,
      choice,
      request,
      moving ? { ignoreAppointmentId: moving.id } : {},
    );
    const slots = answer.slots.map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      spoken: spokenTime(slot.start, business.timeZone),
      ...(business.calendar.staff.length > 0 ? { staff: staffNames(business, slot.staffIds) } : {}),
    }));
    state.memory.offered = slots.map((s) => s.start);
    // What is being booked travels with the conversation: the booking that follows names the same service.
    if (choice.service || choice.staffName) {
      const { staff: _previous, ...draft } = state.memory.draft ?? {};
      state.memory.draft = {
        ...draft,
        ...(choice.service ? { service: choice.service.name } : {}),
        ...(choice.staffName ? { staff: choice.staffName } : {}),
      };
    }
    const offered = slots.map((s) => s.spoken).join('; ');
    const what = [choice.service?.name, choice.staffName && `with ${choice.staffName}`]
      .filter(Boolean)
      .join(' ');
    const closure = answer.closure;
    return {
      ok: slots.length > 0,
      summary: [
        closure ? `Closed then${closure.note ? ` (${closure.note})` : ''}.` : '',
        answer.exact
          ? `Slot offered${what ? ` for ${what}` : ''}: ${slots[0]!.spoken}`
          : slots.length > 0
            ? `Slots offered${what ? ` for ${what}` : ''}: ${offered}`
            : 'No open slots found',
      ]
        .filter(Boolean)
        .join(' '),
      data: {
        requested_time_free: Boolean(answer.exact),
        ...(answer.problem ? { problem: answer.problem } : {}),
        ...(closure ? { closure_note: closure.note, closed_from: closure.from, closed_to: closure.to } : {}),
        ...(choice.service
          ? {
              service: choice.service.name,
              duration_minutes: choice.service.duration_minutes,
            }
          : {}),
        ...(choice.staffName ? { staff: choice.staffName } : {}),
        understood: request ? true : false,
        slots,
      },
    };
  },
};
