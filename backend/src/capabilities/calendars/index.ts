export { createBotCalendarRepository } from './bot-calendars';
export type { BotCalendarRepository } from './bot-calendars';
export { createCalendarConnectionRepository } from './calendar-connections';
export type {
  CalendarConnectionRecord,
  CalendarConnectionRepository,
  SealedTokens,
} from './calendar-connections';
export { createCalendarFeedRepository } from './feed/calendar-feeds';
export type { CalendarFeedRepository } from './feed/calendar-feeds';
export { createOAuthStateRepository } from './oauth-states';
export type { OAuthStateRepository } from './oauth-states';
export { createSchedulingLinkBookingRepository } from './scheduling-link-bookings';
export type { SchedulingLinkBooking, SchedulingLinkBookingRepository } from './scheduling-link-bookings';
export { calendarEventFor } from './sync/calendar-event';
export { createOwnerCalendar } from './sync/owner-calendar';
export type { OwnerCalendar } from './sync/owner-calendar';
export { createConnectionTokens } from './connection-tokens';
