import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createBotCalendarRepository } from './bot-calendars';
import { createCalendarConnectionRepository } from './calendar-connections';
import { createCalendarFeedRepository } from './calendar-feeds';
import { createOAuthStateRepository } from './oauth-states';
import { createSchedulingLinkBookingRepository } from './scheduling-link-bookings';
export { createBotCalendarRepository } from './bot-calendars';
export type { BotCalendarRepository } from './bot-calendars';
export { createCalendarConnectionRepository } from './calendar-connections';
export type {
  CalendarConnectionRecord,
  CalendarConnectionRepository,
  SealedTokens,
} from './calendar-connections';
export { createCalendarFeedRepository } from './calendar-feeds';
export type { CalendarFeedRepository } from './calendar-feeds';
export { createOAuthStateRepository } from './oauth-states';
export type { OAuthStateRepository } from './oauth-states';
export { createSchedulingLinkBookingRepository } from './scheduling-link-bookings';
export type { SchedulingLinkBooking, SchedulingLinkBookingRepository } from './scheduling-link-bookings';

/** Calendar connections, OAuth states, the bot calendar, feeds and scheduling-link bookings. */
export function calendarsRecords({ doc, tableName, now }: RecordStore) {
  return {
    calendarConnections: createCalendarConnectionRepository(doc, tableName, now),
    oauthStates: createOAuthStateRepository(doc, tableName, now),
    botCalendars: createBotCalendarRepository(doc, tableName, now),
    calendarFeeds: createCalendarFeedRepository(doc, tableName, now),
    schedulingLinks: createSchedulingLinkBookingRepository(doc, tableName, now),
  };
}
