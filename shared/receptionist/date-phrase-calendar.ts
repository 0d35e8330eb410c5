import { addDays, compareDates, weekdayOf, type LocalDate } from './business-time';

/**
 * What the date phrases of every language share (docs/decisions/010, 174): the request shape, the day
 * parts, and the calendar rules behind "the 5th" and "Jan 2", so English and Spanish cannot drift apart.
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

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** "The 5th": this month's if today or later, else the next month that has that day. */
export function nextMonthWithDay(today: LocalDate, day: number): LocalDate | undefined {
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

/** A named month and day: this year's if today or later, else next year's. */
export function monthDay(today: LocalDate, month: number, day: number): LocalDate | undefined {
  if (day < 1 || day > 31) return undefined;
  for (const year of [today.year, today.year + 1]) {
    if (day > daysInMonth(year, month)) continue;
    const candidate = { year, month, day };
    if (compareDates(candidate, today) >= 0) return candidate;
  }
  return undefined;
}

/** Monday to Sunday of next week, and today to Sunday of this week. */
export const nextWeek = (today: LocalDate) => {
  const monday = addDays(today, 7 - weekdayOf(today));
  return { from: monday, to: addDays(monday, 6) };
};
export const thisWeek = (today: LocalDate) => ({ from: today, to: addDays(today, 6 - weekdayOf(today)) });

/** A weekday index (0 = Monday): a plain one is on or after today; `strict` ("next Monday") is after it. */
export function weekdayFrom(today: LocalDate, target: number, strict: boolean): LocalDate {
  let ahead = (target - weekdayOf(today) + 7) % 7;
  if (strict && ahead === 0) ahead = 7;
  return addDays(today, ahead);
}

/** One language's reading of a caller's phrase: the day(s), the clock time and the part of the day. */
export type PhraseReader = {
  /** Lower-cases (and, for Spanish, strips accents from) the text before the three readers see it. */
  normalise?: (text: string) => string;
  day: (text: string, today: LocalDate) => { from: LocalDate; to: LocalDate } | undefined;
  time: (text: string) => number | undefined;
  part: (text: string) => DayPart | undefined;
};
