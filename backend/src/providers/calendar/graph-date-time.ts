import { isValidTimeZone, zonedInstant } from '@shared/receptionist/business-time';

/**
 * Microsoft Graph's dateTimeTimeZone: a wall-clock time without offset ("2026-11-24T16:00:00.0000000") and
 * the zone it is read in. We always send and ask for UTC; an IANA zone is read too. Anything else (a
 * Windows zone name, a malformed time) is undefined: the caller treats the answer as unusable.
 */
export type GraphDateTime = { dateTime: string; timeZone: string };

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?$/;
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Coordinated Universal Time']);

/** An instant as Graph takes it: UTC wall-clock to the second, zone 'UTC'. */
export const toGraphDateTime = (instant: Date): GraphDateTime => ({
  dateTime: instant.toISOString().slice(0, 19),
  timeZone: 'UTC',
});

export function fromGraphDateTime(value: GraphDateTime): Date | undefined {
  const match = WALL_CLOCK.exec(value.dateTime);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = '0', fraction = '0'] = match.slice(1).map((p) => p ?? '0');
  const millis = Number(second) * 1000 + Math.round(Number(`0.${fraction}`) * 1000);
  if (UTC_NAMES.has(value.timeZone)) {
    const instant = new Date(
      Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)) + millis,
    );
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  }
  if (!isValidTimeZone(value.timeZone)) return undefined;
  const local = { year: Number(year), month: Number(month), day: Number(day) };
  return new Date(
    zonedInstant({ ...local, hour: Number(hour), minute: Number(minute) }, value.timeZone).getTime() + millis,
  );
}
