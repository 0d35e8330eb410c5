import type { Closure } from '../schemas/calendar-model';
import { addDays, compareDates, zonedInstant, type LocalDate } from './business-time';

/**
 * A period the business is closed although its weekly hours say open (a holiday, a closure the owner adds):
 * [from, to) as instants. The after-hours rule (answer modes) and analytics read closures in this form.
 */
export type ClosedPeriod = { from: string; to: string };

const dateOf = (iso: string): LocalDate => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const at = (date: LocalDate, minute: number, timeZone: string) =>
  minute >= 1440
    ? zonedInstant({ ...addDays(date, 1), hour: 0, minute: 0 }, timeZone)
    : zonedInstant({ ...date, hour: Math.floor(minute / 60), minute: minute % 60 }, timeZone);

/**
 * The owner's closures as instants on the business's clock (docs/decisions/183-calendar-model.md): a whole-day
 * closure from the first day's midnight to the midnight after the last; a part-day one, that part of each day.
 */
export function closedPeriodsOf(closures: readonly Closure[] | undefined, timeZone: string): ClosedPeriod[] {
  const periods: ClosedPeriod[] = [];
  for (const closure of closures ?? []) {
    const first = dateOf(closure.from);
    const last = dateOf(closure.to);
    if (closure.start_minute === null || closure.end_minute === null) {
      periods.push({
        from: at(first, 0, timeZone).toISOString(),
        to: at(last, 1440, timeZone).toISOString(),
      });
      continue;
    }
    for (let day = first; compareDates(day, last) <= 0; day = addDays(day, 1)) {
      periods.push({
        from: at(day, closure.start_minute, timeZone).toISOString(),
        to: at(day, closure.end_minute, timeZone).toISOString(),
      });
    }
  }
  return periods;
}

export const inClosedPeriod = (instant: number, closed: readonly ClosedPeriod[]) =>
  closed.some((c) => instant >= Date.parse(c.from) && instant < Date.parse(c.to));
