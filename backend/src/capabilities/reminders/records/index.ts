import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createReminderRepository } from './reminder-records';
export { createReminderRepository, sendHourOf } from './reminder-records';
export type { ReminderDue, ReminderOutcome, ReminderRepository } from './reminder-records';

/** The owner's reminder settings, the reminders due by send hour, and their once-claims. */
export function remindersRecords({ doc, tableName }: RecordStore) {
  return {
    reminders: createReminderRepository(doc, tableName),
  };
}
