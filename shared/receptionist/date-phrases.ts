import { addDays, WEEKDAY_NAMES, zonedParts, type LocalDate } from './business-time';
import { detectLanguage, type Language } from '../language';
import {
  monthDay,
  nextMonthWithDay,
  nextWeek,
  thisWeek,
  weekdayFrom,
  type DayPart,
  type PhraseReader,
  type WhenRequest,
} from './date-phrase-calendar';
import { SPANISH_PHRASES } from './date-phrases-es';

export { DAY_PARTS, type DayPart, type WhenRequest } from './date-phrase-calendar';

/**
 * What a caller means by "tomorrow afternoon", "next Tuesday at 3", "the 5th" or "Dec 12 at 10:30am",
 * resolved against the current time in the business's time zone. Pure: the engine calls it, the model never
 * does date arithmetic. Rules (docs/decisions/010):
 * - a plain weekday ("Tuesday", "this Tuesday") is the next one on or after today; "next Tuesday" is the next
 *   one strictly after today, so "next Monday" said on a Monday is a week away;
 * - "the 5th" is this month's 5th if it is today or later, else next month's (skipping months without it);
 * - a bare hour without AM/PM is read as business hours: 7–11 are morning, 12–6 afternoon.
 * Spanish phrases follow the same rules (date-phrases-es.ts, docs/decisions/174-spanish.md).
 */
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
    const day = weekdayFrom(today, target, weekday[1]?.trim().toLowerCase() === 'next');
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
  if (/\bnext week\b/.test(text)) return nextWeek(today);
  if (/\bthis week\b/.test(text)) return thisWeek(today);
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

const ENGLISH_PHRASES: PhraseReader = { day: parseDay, time: parseTimeOfDay, part: parsePart };
const READERS: Record<Language, PhraseReader> = { en: ENGLISH_PHRASES, es: SPANISH_PHRASES };

/**
 * The caller's requested day(s) and time; undefined when the text names neither. The language is the
 * caller's when known, else read from the text itself.
 */
export function resolveWhen(
  text: string,
  now: Date,
  timeZone: string,
  language: Language = detectLanguage(text),
): WhenRequest | undefined {
  const reader = READERS[language];
  const lower = reader.normalise?.(text) ?? text.toLowerCase();
  const parts = zonedParts(now, timeZone);
  const today = { year: parts.year, month: parts.month, day: parts.day };
  const days = reader.day(lower, today);
  const time = reader.time(lower);
  const part = reader.part(lower);
  if (!days && time === undefined && !part) return undefined;
  const range = days ?? { from: today, to: addDays(today, 6) };
  return {
    ...range,
    ...(time !== undefined ? { time } : {}),
    ...(part && time === undefined ? { part } : {}),
  };
}
