import { formatPhone } from '@shared/phone/phone-number';
import type { BusinessFacts } from './port';

/**
 * Pure helpers that turn a business's stored fields into phrases: its kind (from the sign-up business type or
 * its name), an opening-hours summary and a one-line identity. The local llm writes with them, and the
 * OpenAI prompts include the same facts, so both providers talk about the business the same way.
 */

export const BUSINESS_KINDS = {
  salon: { noun: 'hair and beauty salon', offers: 'haircuts, colour and styling' },
  spa: { noun: 'day spa', offers: 'massages, facials and body treatments' },
  dental: { noun: 'dental practice', offers: 'check-ups, cleanings and cosmetic dentistry' },
  medical: { noun: 'medical practice', offers: 'appointments, check-ups and ongoing patient care' },
  auto: { noun: 'auto repair shop', offers: 'maintenance, diagnostics and repairs' },
  home: { noun: 'home services company', offers: 'repairs, installations and maintenance' },
  other: { noun: 'local business', offers: 'friendly, reliable service' },
} as const;
export type BusinessKind = keyof typeof BUSINESS_KINDS;

/** Name keywords per kind, checked in order: an explicit business_type wins over all of them. */
const KIND_KEYWORDS: Array<[BusinessKind, RegExp]> = [
  ['dental', /\b(dental|dentist|dentistry|orthodont\w*|smile)\b/i],
  ['medical', /\b(clinic|medical|health|doctor|pediatric\w*|physio\w*|urgent care|family practice)\b/i],
  ['spa', /\b(spa|massage|wellness|day spa)\b/i],
  ['salon', /\b(salon|hair|barber\w*|beauty|nails?|lash\w*|brows?)\b/i],
  ['auto', /\b(auto|automotive|car|cars|tire|tires|motors?|garage|mechanic\w*|collision)\b/i],
  ['home', /\b(plumb\w*|electric\w*|hvac|heating|roofing|clean\w*|landscap\w*|handyman|pest|home)\b/i],
];

export function businessKind(facts: Pick<BusinessFacts, 'business_type' | 'business_name'>): BusinessKind {
  if (facts.business_type && facts.business_type in BUSINESS_KINDS)
    return facts.business_type as BusinessKind;
  const name = facts.business_name ?? '';
  return KIND_KEYWORDS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * Google-style weekday_text ("Monday: 9:00 AM – 5:00 PM") folded into runs of days with equal hours, closed
 * days last: "Monday to Friday 9:00 AM – 5:00 PM, Saturday 10:00 AM – 4:00 PM; closed Sunday". Lines it
 * cannot parse are kept as they are; undefined when there is nothing to say.
 */
export function summarizeHours(weekdayText: readonly string[] | undefined): string | undefined {
  const lines = (weekdayText ?? []).map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return undefined;
  const parsed = lines.map((line) => {
    const match = /^([A-Za-z]+)\s*:\s*(.+)$/.exec(line);
    const day = match && DAYS.find((d) => d.toLowerCase() === match[1]!.toLowerCase());
    return day ? { day, hours: match[2]!.trim() } : { day: undefined, hours: line };
  });
  if (parsed.some((entry) => !entry.day)) return lines.join(', ');

  const runs: Array<{ first: string; last: string; hours: string }> = [];
  for (const { day, hours } of parsed as Array<{ day: string; hours: string }>) {
    const previous = runs.at(-1);
    const adjacent = previous && DAYS.indexOf(day) === DAYS.indexOf(previous.last) + 1;
    if (previous && adjacent && previous.hours.toLowerCase() === hours.toLowerCase()) previous.last = day;
    else runs.push({ first: day, last: day, hours });
  }
  const daysOf = ({ first, last }: { first: string; last: string }) => {
    if (first === last) return first;
    return DAYS.indexOf(last) === DAYS.indexOf(first) + 1 ? `${first} and ${last}` : `${first} to ${last}`;
  };
  const isClosed = (hours: string) => /^closed$/i.test(hours);
  const open = runs.filter((run) => !isClosed(run.hours)).map((run) => `${daysOf(run)} ${run.hours}`);
  const closed = runs.filter((run) => isClosed(run.hours)).map(daysOf);
  const closedText = closed.length > 0 ? `closed ${closed.join(' and ')}` : '';
  return [open.join(', '), closedText].filter(Boolean).join('; ');
}

/** The first sentence of a text, for a short "what we do" answer. */
export const firstSentence = (text: string | undefined): string | undefined =>
  text
    ?.trim()
    .match(/^.*?[.!?](\s|$)/)?.[0]
    .trim() ??
  (text?.trim() || undefined);

/** The website without scheme and trailing slash, as a person would say it. */
export const spokenWebsite = (website: string | undefined) =>
  website?.replace(/^https?:\/\//i, '').replace(/\/$/, '') || undefined;

/** "a salon", "an auto repair shop". */
export const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** A US/Canada number as people write it, "(415) 555-0134"; anything else unchanged. */
export const readablePhone = (phone: string | undefined) => formatPhone(phone, 'national');
