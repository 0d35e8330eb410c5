import { DEFAULT_SLOT_GRID_MINUTES } from '@shared/calendar-model';
import { weeklyHoursList } from '@shared/calendar-model-changes';
import { resolveWeeklyHours, type WeeklyHours } from '@shared/receptionist/opening-hours';
import type { BusinessConfig } from '@shared/schemas/business-config';
import type { CalendarSettings } from '@shared/schemas/calendar-model-api';
import type { WeeklyHoursInput } from '@shared/schemas/calendar-model';

/** The Monday-first tuple as WeeklyHours (what resolveWeeklyHours and the change checks read). */
export const weeklyHoursOf = (hours: WeeklyHoursInput): WeeklyHours =>
  resolveWeeklyHours({ opening_hours: hours }).hours;

/** Hours, closures and the grid as the editors show them: the hours every reader uses, and their source. */
export function calendarSettingsOf(config: BusinessConfig): Omit<CalendarSettings, 'cancelled'> {
  const { hours, stated } = resolveWeeklyHours(config);
  return {
    opening_hours: weeklyHoursList(hours),
    hours_source: config.opening_hours ? 'owner' : stated ? 'lookup' : 'default',
    closures: [...(config.closures ?? [])].sort((a, b) => a.from.localeCompare(b.from)),
    slot_grid_minutes: config.slot_grid_minutes ?? DEFAULT_SLOT_GRID_MINUTES,
    time_zone: config.time_zone ?? null,
  };
}
