import { addDays, compareDates, weekdayOf, WEEKDAY_NAMES, zonedParts, type LocalDate } from './business-time';

/**
 * What a caller means by "tomorrow afternoon", "next Tuesday at 3", "the 5th" or "Dec 12 at 10:30am",
 * resolved against the current time in the business's time zone. Pure: the engine calls it, the model never
 * does date arithmetic. Rules (docs/decisions/010):
 * - a plain weekday ("Tuesday", "this Tuesday") is the next one on or after today; "next Tuesday" is the next
 *   one strictly after today, so "next Monday" said on a Monday is a week away;
 * - "the 5th" is this month's 5th if it is today or later, else next month's (skipping months without it);
 * - a bare hour without AM/PM is read as business hours: 7–11 are morning, 12–6 afternoon.
 */
export type DayPart = 'morning' | 'afternoon' | 'evening';
export type WhenRequest = {
  /** First and last day (inclusive) the caller would take. */
  from: LocalDate;
  to: LocalDate;
  /** Minutes after midnight, when the caller named a time. */
  time?: number;
  part?: DayPart;
};

export const DAY_PARTS: Record<DayPart, { start: number; end: number }> = {
  morning: { start: 0, end: 720 },
  afternoon: { start: 720, end: 1020 },
  evening: { start: 1020, end: 1440 },
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_PATTERN = MONTHS.map((m) => `${m.slice(0, 3)}(?:${m.slice(3)})?\\.?`).join('|');
const ORDINAL = '(\\d{1,2})(?:st|nd|rd|th)?';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function nextMonthWithDay(today: LocalDate, day: number): LocalDate | undefined {
  if (day < 1 || day > 31) return undefined;
  let { year, month } = today;
  for (let i = 0; i < 13; i += 1) {
    if (day <= daysInMonth(year, month)) {
      const candidate = { year, month, day };
      if (compareDates(candidate, today) >= 0) return candidate;
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return undefined;
}

function monthDay(today: LocalDate, month: number, day: number): LocalDate | undefined {
  if (day < 1 || day > 31) return undefined;
  for (const year of [today.year, today.year + 1]) {
    if (day > daysInMonth(year, month)) continue;
    const candidate = { year, month, day };
    if (compareDates(candidate, today) >= 0) return candidate;
  }
  return undefined;
}

function parseDay(text: string, today: LocalDate): { from: LocalDate; to: LocalDate } | undefined {
  if (/\bday after tomorrow\b/.test(text)) {
    const day = addDays(today, 2);
    return { from: day, to: day };
  }
  if (/\b(today|tonight|this (morning|afternoon|evening))\b/.test(text)) return { from: today, to: today };
  if (/\b(tomorrow|tmrw|tmr)\b/.test(text)) {
    const day = addDays(today, 1);
    return { from: day, to: day };
  }
  const weekday = new RegExp(`\\b(next |this |on )?(${WEEKDAY_NAMES.join('|')})s?\\b`, 'i').exec(text);
  if (weekday) {
    const target = WEEKDAY_NAMES.findIndex((d) => d.toLowerCase() === weekday[2]!.toLowerCase());
    const strict = weekday[1]?.trim().toLowerCase() === 'next';
    let ahead = (target - weekdayOf(today) + 7) % 7;
    if (strict && ahead === 0) ahead = 7;
    const day = addDays(today, ahead);
    return { from: day, to: day };
  }
  const named =
    new RegExp(`\\b(${MONTH_PATTERN})\\s+${ORDINAL}\\b`, 'i').exec(text) ??
    new RegExp(`\\b${ORDINAL}\\s+(?:of\\s+)?(${MONTH_PATTERN})`, 'i').exec(text);
  if (named) {
    const [monthText, dayText] = /^\d/.test(named[1]!) ? [named[2]!, named[1]!] : [named[1]!, named[2]!];
    const month = MONTHS.findIndex((m) => m.startsWith(monthText.slice(0, 3).toLowerCase())) + 1;
    const day = monthDay(today, month, Number(dayText));
    return day && { from: day, to: day };
  }
  const numeric = /\b(\d{1,2})\/(\d{1,2})\b/.exec(text);
  if (numeric) {
    const day = monthDay(today, Number(numeric[1]), Number(numeric[2]));
    return day && { from: day, to: day };
  }
  const ordinal = /\bthe (\d{1,2})(?:st|nd|rd|th)\b/.exec(text) ?? /\bon the (\d{1,2})\b/.exec(text);
  if (ordinal) {
    const day = nextMonthWithDay(today, Number(ordinal[1]));
    return day && { from: day, to: day };
  }
  if (/\bnext week\b/.test(text)) {
    const monday = addDays(today, 7 - weekdayOf(today));
    return { from: monday, to: addDays(monday, 6) };
  }
  if (/\bthis week\b/.test(text)) return { from: today, to: addDays(today, 6 - weekdayOf(today)) };
  return undefined;
}

/** Minutes after midnight of a named time, or undefined. */
export function parseTimeOfDay(text: string): number | undefined {
  if (/\bnoon\b|\bmidday\b/.test(text)) return 720;
  const match =
    /\b(?:at|@|around|by|for)\s+(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?![\d/])/i.exec(text) ??
    /\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?!\w)/i.exec(text) ??
    /\b(\d{1,2}):(\d{2})\b()/.exec(text);
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  if (hour > 23 || minute > 59) return undefined;
  const meridiem = match[3]?.[0]?.toLowerCase();
  if (meridiem === 'p' && hour < 12) hour += 12;
  else if (meridiem === 'a' && hour === 12) hour = 0;
  else if (!meridiem && hour >= 1 && hour <= 6) hour += 12;
  else if (!meridiem && /\b(evening|tonight)\b/.test(text) && hour < 12) hour += 12;
  return hour * 60 + minute;
}

function parsePart(text: string): DayPart | undefined {
  if (/\bmorning\b/.test(text)) return 'morning';
  if (/\bafternoon\b/.test(text)) return 'afternoon';
  if (/\b(evening|tonight|after work)\b/.test(text)) return 'evening';
  return undefined;
}

/** The caller's requested day(s) and time; undefined when the text names neither. */
export function resolveWhen(text: string, now: Date, timeZone: string): WhenRequest | undefined {
  const lower = text.toLowerCase();
  const parts = zonedParts(now, timeZone);
  const today = { year: parts.year, month: parts.month, day: parts.day };
  const days = parseDay(lower, today);
  const time = parseTimeOfDay(lower);
  const part = parsePart(lower);
  if (!days && time === undefined && !part) return undefined;
  const range = days ?? { from: today, to: addDays(today, 6) };
  return {
    ...range,
    ...(time !== undefined ? { time } : {}),
    ...(part && time === undefined ? { part } : {}),
  };
}
