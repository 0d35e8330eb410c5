import { WEEKDAY_NAMES, type Weekday } from './business-time';

/**
 * Opening hours as minutes after midnight per weekday, parsed from Google-style weekday_text lines
 * ("Monday: 9:00 AM – 5:00 PM", "Tuesday: Closed", "Wednesday: Open 24 hours",
 * "Thursday: 9:00 AM – 12:00 PM, 1:00 – 5:00 PM"). Pure; the slot finder and the facts tool read it.
 */
export type OpenInterval = { start: number; end: number };
export type WeeklyHours = Record<Weekday, OpenInterval[]>;

/**
 * Used to book when the owner gave no hours (manual entry in step 1): weekdays 9 to 5. The assistant never
 * states these as the business's hours; it only offers times inside them (docs/decisions/010).
 */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = {
  0: [{ start: 540, end: 1020 }],
  1: [{ start: 540, end: 1020 }],
  2: [{ start: 540, end: 1020 }],
  3: [{ start: 540, end: 1020 }],
  4: [{ start: 540, end: 1020 }],
  5: [],
  6: [],
};

const TIME = /(\d{1,2})(?::(\d{2}))?\s*([AaPp]\.?[Mm]\.?)?/;

function minutesOf(text: string, meridiemHint: 'am' | 'pm' | undefined): number | undefined {
  const match = TIME.exec(text.trim());
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = (match[3]?.[0]?.toLowerCase() as 'a' | 'p' | undefined) ?? meridiemHint?.[0];
  if (hour > 24 || minute > 59) return undefined;
  if (meridiem === 'p' && hour < 12) hour += 12;
  if (meridiem === 'a' && hour === 12) hour = 0;
  return hour * 60 + minute;
}

/** One range like "9:00 AM – 5:00 PM" or "1:00 – 5:00 PM" (the start borrows the end's AM/PM). */
function parseRange(range: string): OpenInterval | undefined {
  const [from, to] = range.split(/\s*[–—-]\s*|\s+to\s+/i);
  if (!from || !to) return undefined;
  const endMeridiem = /p\.?m/i.test(to) ? 'pm' : /a\.?m/i.test(to) ? 'am' : undefined;
  const end = minutesOf(to, undefined);
  let start = minutesOf(from, /[ap]\.?m/i.test(from) ? undefined : endMeridiem);
  if (start === undefined || end === undefined) return undefined;
  // "11:00 – 2:00 PM": 11 PM would start after the end, so it was 11 AM.
  if (start > end && !/[ap]\.?m/i.test(from) && start >= 720) start -= 720;
  const closesAt = end === 0 ? 1440 : end;
  return start < closesAt ? { start, end: closesAt } : undefined;
}

/** Undefined when no line names a weekday (the caller then uses DEFAULT_WEEKLY_HOURS). */
export function parseWeeklyHours(weekdayText: readonly string[] | undefined): WeeklyHours | undefined {
  const hours: WeeklyHours = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] };
  let found = false;
  for (const line of weekdayText ?? []) {
    const match = /^\s*([A-Za-z]+)\s*:\s*(.+)$/.exec(line);
    const index = match ? WEEKDAY_NAMES.findIndex((d) => d.toLowerCase() === match[1]!.toLowerCase()) : -1;
    if (!match || index < 0) continue;
    found = true;
    const text = match[2]!.trim();
    if (/closed/i.test(text)) continue;
    if (/24\s*hours/i.test(text)) {
      hours[index as Weekday] = [{ start: 0, end: 1440 }];
      continue;
    }
    hours[index as Weekday] = text
      .split(/\s*,\s*/)
      .map(parseRange)
      .filter((interval): interval is OpenInterval => interval !== undefined);
  }
  return found ? hours : undefined;
}

/**
 * The hours every reader uses (issue 34): the owner's edited hours, else the lookup's lines parsed, else the
 * booking default. `stated` says whether the assistant may say them as the business's hours (docs/decisions/010).
 */
export function resolveWeeklyHours(config: {
  opening_hours?: readonly (readonly OpenInterval[])[] | undefined;
  business_hours?: { weekday_text?: readonly string[] } | undefined;
}): { hours: WeeklyHours; stated: boolean } {
  if (config.opening_hours) {
    const [mon, tue, wed, thu, fri, sat, sun] = config.opening_hours;
    const day = (d: readonly OpenInterval[] | undefined) =>
      (d ?? []).map((i) => ({ start: i.start, end: i.end }));
    return {
      hours: { 0: day(mon), 1: day(tue), 2: day(wed), 3: day(thu), 4: day(fri), 5: day(sat), 6: day(sun) },
      stated: true,
    };
  }
  const parsed = parseWeeklyHours(config.business_hours?.weekday_text);
  return parsed ? { hours: parsed, stated: true } : { hours: DEFAULT_WEEKLY_HOURS, stated: false };
}
