import { randomBytes } from 'node:crypto';
import { CALENDAR_ID_PREFIX } from '@shared/calendar-model';

/** A new server-made id ("sv_…", "st_…"): 12 random base-36 characters, as CALENDAR_ID_PATTERN expects. */
export function newCalendarId(kind: keyof typeof CALENDAR_ID_PREFIX): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const body = [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${CALENDAR_ID_PREFIX[kind]}${body}`;
}
