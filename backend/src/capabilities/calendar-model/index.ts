export { createCalendarModelRepository } from './records/index';
export type { CalendarModelRepository } from './records/index';
export type { OwnerCancel } from './deps';
