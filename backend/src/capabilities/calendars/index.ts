export { calendarEventFor } from './sync/calendar-event';
export { createOwnerCalendar } from './sync/owner-calendar';
export { ownerCalendarFromApp } from './sync/owner-calendar-from-app';
export type { OwnerCalendar } from './sync/owner-calendar';
export { createConnectionTokens } from './connection-tokens';
// The OAuth popup pages' headers, for every app's shared middleware without loading the calendar routes.
export { POPUP_PAGE_PATHS, popupPageHeaders } from './popup-headers';
