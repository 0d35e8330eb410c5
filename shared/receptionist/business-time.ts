/**
 * Wall-clock time in a business's IANA time zone, with Intl only (no date library): the receptionist turns
 * "tomorrow at 3" into an instant here, so DST gaps and overlaps are decided once, by code, never by a model.
 */
import { dateTimeFormat, type DateTimeStyle } from '../intl-format';

export type LocalDate = { year: number; month: number; day: number };
export type LocalDateTime = LocalDate & { hour: number; minute: number };
/** 0 = Monday … 6 = Sunday (the order of Google's weekday_text). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export type ZonedParts = LocalDateTime & { weekday: Weekday };

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Every wall-clock field, numeric and 24-hour: what zonedParts reads back. */
const PARTS: DateTimeStyle = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};
const SPOKEN_TIME: DateTimeStyle = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
/** "3:00 PM". */
export const CLOCK_TIME: DateTimeStyle = { hour: 'numeric', minute: '2-digit' };

const formatterFor = (timeZone: string) => dateTimeFormat(PARTS, timeZone);

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Weekday of a calendar date, 0 = Monday. */
export const weekdayOf = ({ year, month, day }: LocalDate): Weekday =>
  ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) as Weekday;

export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const date = { year: parts.year!, month: parts.month!, day: parts.day! };
  return { ...date, hour: parts.hour!, minute: parts.minute!, weekday: weekdayOf(date) };
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return wall - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time names in the zone. A time skipped by a spring-forward gap resolves to the
 * same distance past the gap (2:30 → 3:30); a time repeated by a fall-back overlap resolves to its first
 * occurrence.
 */
export function zonedInstant(local: LocalDateTime, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const candidates = new Set([offsetAt(wall, timeZone), offsetAt(wall - 86_400_000, timeZone)]);
  candidates.add(offsetAt(wall + 86_400_000, timeZone));
  const matches = [...candidates]
    .map((offset) => wall - offset)
    .filter((instant) => {
      const p = zonedParts(new Date(instant), timeZone);
      return p.hour === local.hour && p.minute === local.minute && p.day === local.day;
    })
    .sort((a, b) => a - b);
  if (matches.length > 0) return new Date(matches[0]!);
  // In a gap: use the offset in force before it, which lands past the gap.
  return new Date(wall - offsetAt(wall - 86_400_000, timeZone));
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The instant a calendar day starts in the zone: on a DST change day that day is 23 or 25 hours long. */
export const localMidnight = (date: LocalDate, timeZone: string) =>
  zonedInstant({ ...date, hour: 0, minute: 0 }, timeZone);

/** "2026-11-25": a calendar date as ISO 8601 writes it (sorts as it reads). */
export const isoDateOf = ({ year, month, day }: LocalDate) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export const sameDate = (a: LocalDate, b: LocalDate) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

export const compareDates = (a: LocalDate, b: LocalDate) =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/** "Tuesday, December 1 at 3:00 PM" in the zone, as a receptionist says it. */
export function spokenTime(instant: Date, timeZone: string): string {
  return dateTimeFormat(SPOKEN_TIME, timeZone)
    .format(instant)
    .replace(/, (\d{1,2}:\d{2})/, ' at $1')
    .replace(/\u202f/g, ' ');
}

/** "3:00 PM" in the zone. */
export const spokenClock = (instant: Date, timeZone: string) =>
  dateTimeFormat(CLOCK_TIME, timeZone)
    .format(instant)
    .replace(/\u202f/g, ' ');
