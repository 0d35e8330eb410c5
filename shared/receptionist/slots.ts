import { addDays, compareDates, zonedInstant, zonedParts, type LocalDate } from './business-time';
import { DAY_PARTS, type WhenRequest } from './date-phrases';
import type { WeeklyHours } from './opening-hours';

/**
 * Open appointment slots: opening hours minus what is booked, in the business's time zone. Every slot starts
 * on the SLOT_MINUTES grid of the local day, so one slot key identifies a booking and two bookings can only
 * collide on the same key (the conditional write in backend/src/capabilities/appointments/records/appointments.ts).
 */
export const SLOT_MINUTES = 30;
/** A caller can't book a slot that starts sooner than this. */
export const BOOKING_LEAD_MINUTES = 30;
/** How far ahead the assistant books. */
export const BOOKING_HORIZON_DAYS = 60;
export const SLOTS_OFFERED = 3;

export type Busy = { start: Date; end: Date };
export type SlotSearch = {
  when: WhenRequest | undefined;
  now: Date;
  timeZone: string;
  hours: WeeklyHours;
  busy: readonly Busy[];
  limit?: number;
};
export type SlotAnswer = {
  /** The requested time, when the caller named one and it is free. */
  exact?: Date;
  /** Free slots to offer (nearest to the requested time first when one was named). */
  slots: Date[];
  /** Why nothing fits what was asked: every day asked for is closed, or already past. */
  problem?: 'closed' | 'past' | 'full' | 'beyond_horizon';
};

const overlaps = (start: Date, end: Date, busy: readonly Busy[]) =>
  busy.some((b) => start < b.end && b.start < end);

function daySlots(day: LocalDate, search: SlotSearch, earliest: Date): Date[] {
  const weekday = ((new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7) as 0;
  const slots: Date[] = [];
  for (const interval of search.hours[weekday]) {
    const first = Math.ceil(interval.start / SLOT_MINUTES) * SLOT_MINUTES;
    for (let minute = first; minute + SLOT_MINUTES <= interval.end; minute += SLOT_MINUTES) {
      const part = search.when?.part && DAY_PARTS[search.when.part];
      if (part && (minute < part.start || minute >= part.end)) continue;
      const start = zonedInstant(
        { ...day, hour: Math.floor(minute / 60), minute: minute % 60 },
        search.timeZone,
      );
      // A wall time skipped by DST resolves off the grid: it is not a slot that day.
      const local = zonedParts(start, search.timeZone);
      if (local.hour * 60 + local.minute !== minute) continue;
      const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
      if (start < earliest || overlaps(start, end, search.busy)) continue;
      slots.push(start);
    }
  }
  return slots;
}

/** Spreads offers out: no two within an hour of each other while others remain. */
function spread(slots: Date[], limit: number): Date[] {
  const picked: Date[] = [];
  for (const slot of slots) {
    if (picked.length >= limit) break;
    if (picked.every((p) => Math.abs(p.getTime() - slot.getTime()) >= 3_600_000)) picked.push(slot);
  }
  for (const slot of slots) {
    if (picked.length >= limit) break;
    if (!picked.includes(slot)) picked.push(slot);
  }
  return picked.sort((a, b) => a.getTime() - b.getTime());
}

export function findOpenSlots(search: SlotSearch): SlotAnswer {
  const limit = search.limit ?? SLOTS_OFFERED;
  const nowParts = zonedParts(search.now, search.timeZone);
  const today = { year: nowParts.year, month: nowParts.month, day: nowParts.day };
  const horizon = addDays(today, BOOKING_HORIZON_DAYS);
  const earliest = new Date(search.now.getTime() + BOOKING_LEAD_MINUTES * 60_000);
  const from = search.when && compareDates(search.when.from, today) > 0 ? search.when.from : today;
  const asked = search.when;
  if (asked && compareDates(asked.to, today) < 0) return { slots: [], problem: 'past' };
  if (asked && compareDates(asked.from, horizon) > 0) return { slots: [], problem: 'beyond_horizon' };
  const to = asked ? (compareDates(asked.to, horizon) < 0 ? asked.to : horizon) : addDays(today, 14);

  const inRange: Date[] = [];
  let openDays = 0;
  for (let day = from; compareDates(day, to) <= 0; day = addDays(day, 1)) {
    const weekday = ((new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7) as 0;
    if (search.hours[weekday].length > 0) openDays += 1;
    inRange.push(...daySlots(day, { ...search, when: asked }, earliest));
  }

  if (asked?.time !== undefined) {
    const exact = inRange.find((slot) => {
      const p = zonedParts(slot, search.timeZone);
      return p.hour * 60 + p.minute === asked.time;
    });
    if (exact) return { exact, slots: [exact] };
    // Nearest alternatives: the asked days first, by distance from the asked time, then the days after.
    const pool = inRange.length > 0 ? inRange : laterSlots(search, to, earliest);
    const target = (slot: Date) => {
      const p = zonedParts(slot, search.timeZone);
      return Math.abs(p.hour * 60 + p.minute - asked.time!) + dayIndex(p, from) * 1440;
    };
    const alternatives = [...pool].sort((a, b) => target(a) - target(b)).slice(0, limit);
    return {
      slots: alternatives.sort((a, b) => a.getTime() - b.getTime()),
      ...(inRange.length === 0 ? { problem: openDays === 0 ? 'closed' : 'full' } : {}),
    };
  }
  if (inRange.length > 0) return { slots: spread(inRange, limit) };
  const later = laterSlots(search, to, earliest);
  return { slots: spread(later, limit), problem: openDays === 0 ? 'closed' : 'full' };
}

const dayIndex = (p: LocalDate, from: LocalDate) =>
  Math.round(
    (Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );

/** The first free slots after the asked range (a week's worth), for "we're closed then, but …". */
function laterSlots(search: SlotSearch, after: LocalDate, earliest: Date): Date[] {
  const found: Date[] = [];
  for (let i = 1; i <= 7 && found.length < 12; i += 1) {
    found.push(...daySlots(addDays(after, i), { ...search, when: undefined }, earliest));
  }
  return found;
}
