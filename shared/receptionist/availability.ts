import { IMPLICIT_STAFF_ID } from '../calendar-model';
import type { Appointment } from '../schemas/appointment';
import type { CalendarModel, Closure, StaffMember } from '../schemas/calendar-model';
import {
  addDays,
  compareDates,
  isoDateOf,
  weekdayOf,
  zonedInstant,
  zonedParts,
  type LocalDate,
  type Weekday,
} from './business-time';
import { DAY_PARTS, type WhenRequest } from './date-phrase-calendar';
import type { OpenInterval, WeeklyHours } from './opening-hours';
import {
  BOOKING_HORIZON_DAYS,
  BOOKING_LEAD_MINUTES,
  SLOTS_OFFERED,
  type Busy,
  type SlotAnswer,
} from './slot-terms';

/**
 * The slot search over services, staff, resources, hours and closures (docs/decisions/183-calendar-model.md
 * "Availability"). The types are the agreement between this engine and the receptionist's tools and the
 * dashboard that call it. Pure: the callers read the model, the bookings and the calendars' busy times.
 */
export type BookableStaff = {
  /** IMPLICIT_STAFF_ID for a business without staff. */
  id: string;
  name: string;
  /** Their own hours already intersected with the business's (resolveStaffHours). */
  hours: WeeklyHours;
  /** Their bookings (each from its start to its end plus its buffer) and their calendar's busy times. */
  busy: readonly Busy[];
};

export type AvailabilityQuery = {
  when: WhenRequest | undefined;
  now: Date;
  timeZone: string;
  /** The business's hours (resolveWeeklyHours): a slot is inside them and inside the staff member's. */
  businessHours: WeeklyHours;
  closures: readonly Closure[];
  gridMinutes: number;
  durationMinutes: number;
  bufferMinutes: number;
  /** Who may do it: the service's staff, or just the one the caller asked for. */
  staff: readonly BookableStaff[];
  /** The resource the service holds: at most `capacity` bookings overlap on it. */
  resource?: { capacity: number; busy: readonly Busy[] };
  limit?: number;
};

export type OpenSlot = {
  start: Date;
  end: Date;
  /** Who is free for all of it (and its buffer), in the order to offer them. */
  staffIds: string[];
};

export type AvailabilityAnswer = Omit<SlotAnswer, 'exact' | 'slots' | 'problem'> & {
  exact?: OpenSlot;
  slots: OpenSlot[];
  problem?: SlotAnswer['problem'];
  /** When the asked day (or time) falls in a closure: the closure, so the assistant can say its note. */
  closure?: Closure;
};

/* ------------------------------------------------------------------------------------------------------ */
/* The engine (docs/decisions/183-calendar-model.md "Availability").                                      */
/* ------------------------------------------------------------------------------------------------------ */

type HoursLike = WeeklyHours | readonly (readonly OpenInterval[])[];
const dayOf = (hours: HoursLike, weekday: Weekday): readonly OpenInterval[] =>
  (hours as Record<number, readonly OpenInterval[] | undefined>)[weekday] ?? [];

/** Two days' open periods intersected: what is open in both. */
function intersectDay(a: readonly OpenInterval[], b: readonly OpenInterval[]): OpenInterval[] {
  const out: OpenInterval[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start < end) out.push({ start, end });
    }
  }
  return out.sort((p, q) => p.start - q.start);
}

/**
 * A staff member's bookable hours: their own (null: the business's) intersected with the business's, so
 * nobody is booked while the business is closed. Accepts the stored tuple (Monday first) or WeeklyHours.
 */
export function resolveStaffHours(business: WeeklyHours, staff: HoursLike | null | undefined): WeeklyHours {
  const hours = {} as WeeklyHours;
  for (let d = 0; d < 7; d += 1) {
    const weekday = d as Weekday;
    hours[weekday] = staff
      ? intersectDay(dayOf(business, weekday), dayOf(staff, weekday))
      : dayOf(business, weekday).map((i) => ({ start: i.start, end: i.end }));
  }
  return hours;
}

/** What an appointment holds of its staff member: its start to its end plus its buffer (booked ones only). */
export function busyOfAppointments(
  appointments: readonly Pick<
    Appointment,
    'starts_at' | 'ends_at' | 'status' | 'staff_id' | 'buffer_minutes'
  >[],
  staffId: string,
): Busy[] {
  return appointments
    .filter((a) => a.status === 'booked' && (a.staff_id ?? IMPLICIT_STAFF_ID) === staffId)
    .map((a) => ({
      start: new Date(a.starts_at),
      end: new Date(Date.parse(a.ends_at) + (a.buffer_minutes ?? 0) * 60_000),
    }));
}

/** Who can do a service (before their hours and busy times are known): the inputs to BookableStaff. */
export type StaffCandidate = Pick<StaffMember, 'id' | 'name' | 'hours' | 'calendar'>;
const IMPLICIT_STAFF: StaffCandidate = { id: IMPLICIT_STAFF_ID, name: '', hours: null, calendar: null };

/**
 * The staff who may take a booking of `serviceId` (undefined: a booking without a service), narrowed to the
 * one the caller asked for. A business without staff has the implicit one, who does everything. Empty when
 * the asked person does not exist or does not do the service.
 */
export function staffForService(
  model: Pick<CalendarModel, 'services' | 'staff'>,
  serviceId?: string,
  askedStaffId?: string,
): StaffCandidate[] {
  if (model.staff.length === 0) {
    return askedStaffId === undefined || askedStaffId === IMPLICIT_STAFF_ID ? [IMPLICIT_STAFF] : [];
  }
  const service = serviceId === undefined ? undefined : model.services.find((s) => s.id === serviceId);
  if (serviceId !== undefined && !service) return [];
  const doers =
    service && service.staff_ids.length > 0
      ? model.staff.filter((member) => service.staff_ids.includes(member.id))
      : model.staff;
  return askedStaffId === undefined ? [...doers] : doers.filter((member) => member.id === askedStaffId);
}

/** Busy ranges sorted and merged, so "is [start, end) free" is one binary search. */
type Timeline = { starts: number[]; ends: number[] };
function timeline(busy: readonly Busy[]): Timeline {
  const sorted = busy
    .map((b) => [b.start.getTime(), b.end.getTime()] as const)
    .filter(([s, e]) => s < e)
    .sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [s, e] of sorted) {
    const last = ends.length - 1;
    if (last >= 0 && s <= ends[last]!) ends[last] = Math.max(ends[last]!, e);
    else {
      starts.push(s);
      ends.push(e);
    }
  }
  return { starts, ends };
}
function isFree(line: Timeline, start: number, end: number): boolean {
  // The first merged range that ends after `start`: the only one that can overlap [start, end).
  let lo = 0;
  let hi = line.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (line.ends[mid]! <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo === line.ends.length || line.starts[lo]! >= end;
}

/** The most bookings that overlap at any instant of [start, end) (a resource shared up to its capacity). */
export function peakOverlap(busy: readonly Busy[], start: number, end: number): number {
  const events: Array<[number, number]> = [];
  for (const b of busy) {
    const s = Math.max(b.start.getTime(), start);
    const e = Math.min(b.end.getTime(), end);
    if (s < e) events.push([s, 1], [e, -1]);
  }
  // Ends before starts at one instant: back-to-back bookings do not overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, step] of events) {
    now += step;
    peak = Math.max(peak, now);
  }
  return peak;
}

/** The closures in force on a local date (whole day, or the minutes of part of it). */
function closuresOn(closures: readonly Closure[], iso: string) {
  return closures.filter((c) => c.from <= iso && iso <= c.to);
}
const wholeDay = (c: Closure) => c.start_minute === null || c.end_minute === null;

type Prepared = {
  query: AvailabilityQuery;
  earliest: number;
  staff: Array<{ id: string; hours: WeeklyHours; line: Timeline }>;
  resourceBusy: readonly Busy[] | undefined;
  holdMs: number;
  durationMs: number;
};

/** The instants of a local day's minutes: one offset for the day unless DST changes it that day. */
function minuteClock(day: LocalDate, timeZone: string) {
  const midnight = zonedInstant({ ...day, hour: 0, minute: 0 }, timeZone).getTime();
  const lastMinute = zonedInstant({ ...day, hour: 23, minute: 59 }, timeZone).getTime();
  const steady = lastMinute - midnight === (23 * 60 + 59) * 60_000;
  return (minute: number): number | undefined => {
    if (steady) return midnight + minute * 60_000;
    const start = zonedInstant({ ...day, hour: Math.floor(minute / 60), minute: minute % 60 }, timeZone);
    // A wall time skipped by DST resolves off the grid: it is not a slot that day.
    const local = zonedParts(start, timeZone);
    return local.hour * 60 + local.minute === minute ? start.getTime() : undefined;
  };
}

function daySlots(day: LocalDate, prepared: Prepared, when: WhenRequest | undefined): OpenSlot[] {
  const { query, staff } = prepared;
  const weekday = weekdayOf(day);
  const closed = closuresOn(query.closures, isoDateOf(day));
  if (closed.some(wholeDay)) return [];
  const grid = query.gridMinutes;
  const duration = query.durationMinutes;
  const part = when?.part && DAY_PARTS[when.part];
  const instantOf = minuteClock(day, query.timeZone);
  const slots: OpenSlot[] = [];
  for (let minute = 0; minute + duration <= 1440; minute += grid) {
    if (part && (minute < part.start || minute >= part.end)) continue;
    // Closed for part of the day: no slot may overlap those minutes.
    if (closed.some((c) => minute < c.end_minute! && c.start_minute! < minute + duration)) continue;
    const fits = staff.filter((member) =>
      member.hours[weekday].some((i) => i.start <= minute && minute + duration <= i.end),
    );
    if (fits.length === 0) continue;
    const start = instantOf(minute);
    if (start === undefined || start < prepared.earliest) continue;
    const heldUntil = start + prepared.holdMs;
    if (query.resource && peakOverlap(prepared.resourceBusy!, start, heldUntil) >= query.resource.capacity)
      continue;
    const free = fits.filter((member) => isFree(member.line, start, heldUntil)).map((member) => member.id);
    if (free.length === 0) continue;
    slots.push({ start: new Date(start), end: new Date(start + prepared.durationMs), staffIds: free });
  }
  return slots;
}

/** Spreads offers out: no two within an hour of each other while others remain. */
function spread(slots: OpenSlot[], limit: number): OpenSlot[] {
  const picked: OpenSlot[] = [];
  for (const slot of slots) {
    if (picked.length >= limit) break;
    if (picked.every((p) => Math.abs(p.start.getTime() - slot.start.getTime()) >= 3_600_000))
      picked.push(slot);
  }
  for (const slot of slots) {
    if (picked.length >= limit) break;
    if (!picked.includes(slot)) picked.push(slot);
  }
  return picked.sort((a, b) => a.start.getTime() - b.start.getTime());
}

const dayIndex = (p: LocalDate, from: LocalDate) =>
  Math.round(
    (Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );

/** The first free slots after the asked range (a week's worth), for "we're closed then, but …". */
function laterSlots(prepared: Prepared, after: LocalDate): OpenSlot[] {
  const found: OpenSlot[] = [];
  for (let i = 1; i <= 7 && found.length < 12; i += 1) {
    found.push(...daySlots(addDays(after, i), prepared, undefined));
  }
  return found;
}

/**
 * Open slots for a service: on the owner's grid of the local day, inside the business's and the staff
 * member's hours, its duration plus buffer clear of that person's busy times, outside closures, and under
 * the resource's capacity; not sooner than the booking lead, not past the horizon. The answer reads as
 * findOpenSlots's (exact, nearest alternatives, spread, problem) plus who is free and the closure in the way.
 */
export function findAvailability(query: AvailabilityQuery): AvailabilityAnswer {
  const limit = query.limit ?? SLOTS_OFFERED;
  const nowParts = zonedParts(query.now, query.timeZone);
  const today = { year: nowParts.year, month: nowParts.month, day: nowParts.day };
  const horizon = addDays(today, BOOKING_HORIZON_DAYS);
  const asked = query.when;
  if (asked && compareDates(asked.to, today) < 0) return { slots: [], problem: 'past' };
  if (asked && compareDates(asked.from, horizon) > 0) return { slots: [], problem: 'beyond_horizon' };
  const from = asked && compareDates(asked.from, today) > 0 ? asked.from : today;
  const to = asked ? (compareDates(asked.to, horizon) < 0 ? asked.to : horizon) : addDays(today, 14);

  const prepared: Prepared = {
    query,
    earliest: query.now.getTime() + BOOKING_LEAD_MINUTES * 60_000,
    staff: query.staff.map((member) => ({ id: member.id, hours: member.hours, line: timeline(member.busy) })),
    resourceBusy: query.resource?.busy,
    holdMs: (query.durationMinutes + query.bufferMinutes) * 60_000,
    durationMs: query.durationMinutes * 60_000,
  };

  const inRange: OpenSlot[] = [];
  let openDays = 0;
  let closure: Closure | undefined;
  for (let day = from; compareDates(day, to) <= 0; day = addDays(day, 1)) {
    const closedBy = closuresOn(query.closures, isoDateOf(day));
    const whole = closedBy.find(wholeDay);
    if (whole) closure ??= whole;
    else if (dayOf(query.businessHours, weekdayOf(day)).length > 0) openDays += 1;
    if (asked?.time !== undefined && !whole) {
      const t = asked.time;
      closure ??= closedBy.find((c) => c.start_minute! <= t && t < c.end_minute!);
    }
    inRange.push(...daySlots(day, prepared, asked));
  }
  const noted = closure ? { closure } : {};

  if (asked?.time !== undefined) {
    const exact = inRange.find((slot) => {
      const p = zonedParts(slot.start, query.timeZone);
      return p.hour * 60 + p.minute === asked.time;
    });
    if (exact) return { exact, slots: [exact] };
    // Nearest alternatives: the asked days first, by distance from the asked time, then the days after.
    const pool = inRange.length > 0 ? inRange : laterSlots(prepared, to);
    const target = (slot: OpenSlot) => {
      const p = zonedParts(slot.start, query.timeZone);
      return Math.abs(p.hour * 60 + p.minute - asked.time!) + dayIndex(p, from) * 1440;
    };
    const alternatives = [...pool].sort((a, b) => target(a) - target(b)).slice(0, limit);
    return {
      slots: alternatives.sort((a, b) => a.start.getTime() - b.start.getTime()),
      ...(inRange.length === 0 ? { problem: openDays === 0 ? 'closed' : 'full' } : {}),
      ...noted,
    };
  }
  if (inRange.length > 0) return { slots: spread(inRange, limit) };
  const later = laterSlots(prepared, to);
  return { slots: spread(later, limit), problem: openDays === 0 ? 'closed' : 'full', ...noted };
}
