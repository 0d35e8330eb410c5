/**
 * Spec §3 "Frontend log event": its types and the path the browser posts it to. The event's schema is in
 * shared/schemas/frontend-log-event.ts, apart so every account screen's logger does not build it.
 */
export const FRONTEND_EVENT_TYPES = ['frontend_auth', 'user_login', 'user_logout', 'oauth_callback'] as const;

export const FRONTEND_LOG_PATH = '/api/logs/frontend';
