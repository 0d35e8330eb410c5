export { calendarFeedRoutes } from './calendar-feed-routes';
export { calendarRoutes } from './calendar-routes';
export { calendlyWebhookRoutes } from './calendly-webhook-routes';
export { popupPageHeaders } from './popup-headers';
