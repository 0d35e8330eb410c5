import { addDays, isoDateOf, zonedParts, type LocalDate } from './receptionist/business-time';
import type { OpenInterval, WeeklyHours } from './receptionist/opening-hours';
import type { Appointment } from './schemas/appointment';
import { performsService } from './calendar-model';
import type { Closure, Service, WeeklyHoursInput } from './schemas/calendar-model';

/**
 * Which upcoming appointments an edit of the calendar model would strand (docs/decisions/183, "Editing the
 * model"): the API refuses such an edit with this list, or cancels them first when the owner chooses to.
 * Pure: the caller passes the booked appointments still ahead and the business's time zone.
 *
 * An appointment counts only when the edit is what strands it: hours that still don't cover a booking the
 * old hours didn't cover either (one the owner placed out of hours), or a closure widened over a booking it
 * already covered, never block an unrelated edit.
 */
export type CalendarModelChange =
  | { kind: 'delete_service'; serviceId: string }
  | { kind: 'delete_staff'; staffId: string }
  /** The business's hours (no staffId), or one staff member's effective hours. */
  | { kind: 'hours'; before: WeeklyHours; after: WeeklyHours; staffId?: string }
  | { kind: 'closure'; after: ClosureSpan; before?: ClosureSpan }
  /** Staff taken off services they did (a service's staff list, or a staff member's service toggles). */
  | { kind: 'performers'; dropped: readonly Performer[] }
  /** One edit that changes several things (a staff member's hours and services): any of them strands. */
  | { kind: 'each'; changes: readonly CalendarModelChange[] };

export type Performer = { serviceId: string; staffId: string };

export type ClosureSpan = Pick<Closure, 'from' | 'to' | 'start_minute' | 'end_minute'>;

export type UpcomingAppointment = Pick<
  Appointment,
  'id' | 'starts_at' | 'ends_at' | 'customer_name' | 'service' | 'status'
> &
  Partial<Pick<Appointment, 'service_id' | 'staff_id' | 'staff_name'>>;

export type StrandedAppointment = {
  id: string;
  starts_at: string;
  customer_name: string | null;
  service: string | null;
  staff_name: string | null;
};

/** The appointment's local day and minutes (its end may pass midnight: minutes past 1440). */
function localSpan(appointment: UpcomingAppointment, timeZone: string) {
  const start = new Date(appointment.starts_at);
  const parts = zonedParts(start, timeZone);
  const startMinute = parts.hour * 60 + parts.minute;
  const minutes = Math.max(0, (Date.parse(appointment.ends_at) - start.getTime()) / 60_000);
  const date: LocalDate = { year: parts.year, month: parts.month, day: parts.day };
  return { date, weekday: parts.weekday, start: startMinute, end: startMinute + minutes };
}

const inside = (intervals: readonly OpenInterval[], start: number, end: number) =>
  intervals.some((interval) => interval.start <= start && end <= interval.end);

function fitsHours(hours: WeeklyHours, span: ReturnType<typeof localSpan>) {
  return inside(hours[span.weekday], span.start, span.end);
}

function overlapsClosure(closure: ClosureSpan, span: ReturnType<typeof localSpan>) {
  const day = isoDateOf(span.date);
  if (closure.start_minute === null || closure.end_minute === null) {
    // A booking that runs past midnight into a closed day is stranded too.
    const lastDay = span.end > 1440 ? isoDateOf(addDays(span.date, 1)) : day;
    return (closure.from <= day && day <= closure.to) || (closure.from <= lastDay && lastDay <= closure.to);
  }
  return (
    closure.from <= day &&
    day <= closure.to &&
    span.start < closure.end_minute &&
    closure.start_minute < span.end
  );
}

function strands(change: CalendarModelChange, appointment: UpcomingAppointment, timeZone: string): boolean {
  switch (change.kind) {
    case 'delete_service':
      return appointment.service_id === change.serviceId;
    case 'delete_staff':
      return appointment.staff_id === change.staffId;
    case 'hours': {
      if (change.staffId !== undefined && appointment.staff_id !== change.staffId) return false;
      const span = localSpan(appointment, timeZone);
      return fitsHours(change.before, span) && !fitsHours(change.after, span);
    }
    case 'closure': {
      const span = localSpan(appointment, timeZone);
      return overlapsClosure(change.after, span) && !(change.before && overlapsClosure(change.before, span));
    }
    case 'performers':
      return change.dropped.some(
        (p) => p.serviceId === appointment.service_id && p.staffId === appointment.staff_id,
      );
    case 'each':
      return change.changes.some((each) => strands(each, appointment, timeZone));
  }
}

/**
 * Who no longer does a service they did: the pairs an edit of services' staff lists takes away, for the
 * services it keeps (a deleted service is its own change). A service's length, price or buffer are not
 * here: a booking keeps the length it was booked with.
 */
export function droppedPerformers(
  before: readonly Service[],
  after: readonly Service[],
  staffIds: readonly string[],
): Performer[] {
  return before.flatMap((old) => {
    const now = after.find((service) => service.id === old.id);
    if (!now) return [];
    return staffIds
      .filter((staffId) => performsService(old, staffId) && !performsService(now, staffId))
      .map((staffId) => ({ serviceId: old.id, staffId }));
  });
}

/** The booked appointments the change would strand, soonest first, as the 409 lists them. */
export function affectedAppointments(
  change: CalendarModelChange,
  upcoming: readonly UpcomingAppointment[],
  { timeZone }: { timeZone: string },
): StrandedAppointment[] {
  return upcoming
    .filter((appointment) => appointment.status === 'booked' && strands(change, appointment, timeZone))
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at))
    .map((appointment) => ({
      id: appointment.id,
      starts_at: appointment.starts_at,
      customer_name: appointment.customer_name || null,
      service: appointment.service,
      staff_name: appointment.staff_name ?? null,
    }));
}

/** WeeklyHours (keyed by weekday) as the stored Monday-first list the editors and the API use. */
export const weeklyHoursList = (hours: WeeklyHours): WeeklyHoursInput =>
  ([0, 1, 2, 3, 4, 5, 6] as const).map((day) =>
    hours[day].map(({ start, end }) => ({ start, end })),
  ) as WeeklyHoursInput;
