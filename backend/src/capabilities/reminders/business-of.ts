import { isValidTimeZone } from '@shared/receptionist/business-time';
import { DEFAULT_TIME_ZONE } from '@shared/receptionist/time-zones';
import type { StoredBusinessConfig } from '../setup/records/index';

/** What a reminder needs of the business: its name, its zone (quiet hours are local) and its number. */
export type ReminderBusiness = { name: string; timeZone: string; assistantNumber: string | undefined };

export const reminderBusinessOf = (config: StoredBusinessConfig | undefined): ReminderBusiness => ({
  name: config?.business_name?.trim() || 'Your appointment',
  timeZone: config?.time_zone && isValidTimeZone(config.time_zone) ? config.time_zone : DEFAULT_TIME_ZONE,
  assistantNumber: config?.assistant_phone,
});
