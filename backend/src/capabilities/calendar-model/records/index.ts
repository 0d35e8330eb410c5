import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createCalendarModelRepository } from './calendar-model';
import { createClosuresRepository } from './closures';
export { createCalendarModelRepository } from './calendar-model';
export type { CalendarModelRepository } from './calendar-model';
export type { ClosuresRepository } from './closures';

/** The owner's services, staff and resources (hours, closures and the grid live on the business config). */
export function calendarModelRecords({ doc, tableName, now }: RecordStore) {
  return {
    calendarModel: createCalendarModelRepository(doc, tableName, now),
    calendarClosures: createClosuresRepository(doc, tableName, now),
  };
}
