import { dateTimeFormat, type DateTimeStyle } from '@shared/intl-format';
import { CLOCK_TIME } from '@shared/receptionist/business-time';
import type { DashboardAppointment } from '@shared/schemas/dashboard-appointments';

const DAY_HEADING: DateTimeStyle = { weekday: 'long', month: 'long', day: 'numeric' };
const ZONE_NAME: DateTimeStyle = { timeZoneName: 'short' };

/** A day heading in the business's zone, e.g. "Tuesday, December 1". */
export const dayLabel = (iso: string, timeZone: string) =>
  dateTimeFormat(DAY_HEADING, timeZone).format(new Date(iso));

/** A time in the business's zone, e.g. "3:00 PM". */
export const timeLabel = (iso: string, timeZone: string) =>
  dateTimeFormat(CLOCK_TIME, timeZone).format(new Date(iso));

/** The zone's short name at that moment, e.g. "PST" or "PDT", so the owner knows which clock is meant. */
export const zoneLabel = (iso: string, timeZone: string) =>
  dateTimeFormat(ZONE_NAME, timeZone)
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;

/**
 * Appointments grouped by their day in the business's time zone (not the browser's), in start order: an
 * 11 PM booking in Los Angeles belongs to that day even when the owner looks from New York.
 */
export function groupByBusinessDay(appointments: readonly DashboardAppointment[], timeZone: string) {
  const groups: Array<{ day: string; appointments: DashboardAppointment[] }> = [];
  const sorted = [...appointments].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  for (const appointment of sorted) {
    const day = dayLabel(appointment.starts_at, timeZone);
    const last = groups.at(-1);
    if (last?.day === day) last.appointments.push(appointment);
    else groups.push({ day, appointments: [appointment] });
  }
  return groups;
}
