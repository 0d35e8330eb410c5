import { phoneDigits } from './phone/phone-number';
/**
 * Calendar connections of setup step 7 (spec §2, §3, §4, §8, §9): the services, their names, the bot
 * calendar, the assistant's e-mail rule, the connect-button rule and the popup timings, once for both sides.
 */

export const CALENDAR_SERVICES = ['google_calendar', 'outlook_calendar', 'calendly', 'acuity'] as const;
export type CalendarService = (typeof CALENDAR_SERVICES)[number];

export const CALENDAR_SERVICE_NAMES: Record<CalendarService, string> = {
  google_calendar: 'Google Calendar',
  /** One product-facing name for Outlook.com and Microsoft 365 work accounts (docs/decisions/180). */
  outlook_calendar: 'Outlook (Microsoft 365)',
  calendly: 'Calendly',
  acuity: 'Acuity',
};

export const isCalendarService = (value: string): value is CalendarService =>
  (CALENDAR_SERVICES as readonly string[]).includes(value);

export const CONNECTION_STATUSES = ['connected', 'expired'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** 'bot': the calendar we keep for the business; 'personal': one of the connectable services. */
export const CALENDAR_CHOICES = ['bot', 'personal'] as const;
export type CalendarChoice = (typeof CALENDAR_CHOICES)[number];
export const DEFAULT_CALENDAR_CHOICE: CalendarChoice = 'bot';

export const BOT_CALENDAR_NAME = 'Business Calendar';

/**
 * Schedulers without a booking API (docs/decisions/151): the assistant texts the caller the owner's booking
 * page instead of booking, and what is booked there comes back by the scheduler's webhook.
 */
export const SCHEDULING_LINK_SERVICES: readonly CalendarService[] = ['calendly'];
export const SCHEDULING_LINK_NOTE =
  'Callers pick their time on your Calendly page: your assistant texts them the link, and bookings made there show in your appointments.';

/** The provider's mail domain for assistants' own addresses. */
export const ASSISTANT_EMAIL_DOMAIN = 'ringly.example';
export const ASSISTANT_EMAIL_PLACEHOLDER = `assistantXXXXXXXXXX@${ASSISTANT_EMAIL_DOMAIN}`;

/** 'assistant' + the phone's digits at the provider's domain; the placeholder while no phone is set. */
export function assistantEmail(assistantPhone: string | undefined | null): string {
  const digits = phoneDigits(assistantPhone);
  return digits ? `assistant${digits}@${ASSISTANT_EMAIL_DOMAIN}` : ASSISTANT_EMAIL_PLACEHOLDER;
}

export type ConnectionButtonTone = 'neutral' | 'connected' | 'expired';

/**
 * The connect button of one service: 'Loading...' while the statuses load, 'Connecting...' while its popup
 * is open, then by status: connected (green), expired (amber, reconnect) or not connected.
 */
export function connectionButtonLabel(
  service: CalendarService,
  state: { loading: boolean; connecting: boolean; status: ConnectionStatus | undefined },
): { label: string; tone: ConnectionButtonTone } {
  const name = CALENDAR_SERVICE_NAMES[service];
  if (state.loading) return { label: 'Loading...', tone: 'neutral' };
  if (state.connecting) return { label: 'Connecting...', tone: 'neutral' };
  if (state.status === 'connected') return { label: `✓ ${name} Connected`, tone: 'connected' };
  if (state.status === 'expired') return { label: `Reconnect ${name}`, tone: 'expired' };
  return { label: `Connect ${name}`, tone: 'neutral' };
}

/** Spec §9: the popup's size, how long the app waits for it and how often it checks it. */
export const OAUTH_POPUP = {
  width: 500,
  height: 600,
  timeoutMs: 5 * 60 * 1000,
  pollIntervalMs: 1000,
} as const;

/** Spec §4: statuses are reloaded this long after a successful connection. */
export const CONNECTION_REFRESH_DELAY_MS = 1000;

/** What the callback page posts to the opening window. */
export const OAUTH_MESSAGE_TYPES = { success: 'oauth_success', error: 'oauth_error' } as const;
export type OAuthPopupMessage =
  | { type: typeof OAUTH_MESSAGE_TYPES.success; service: CalendarService }
  | {
      type: typeof OAUTH_MESSAGE_TYPES.error;
      service?: CalendarService;
      message: string;
      /** 'declined': the person pressed Deny on the consent screen (the popup then closes itself). */
      reason?: 'declined';
    };

/** Spec §8 texts of the OAuth connect and calendar share flows, word for word. */
export const CALENDAR_MESSAGES = {
  failedToGetOAuthUrl: (detail: string) => `Failed to get OAuth URL: ${detail}`,
  failedToConnect: (service: CalendarService) => `Failed to connect ${CALENDAR_SERVICE_NAMES[service]}`,
  connected: (service: CalendarService) => `${CALENDAR_SERVICE_NAMES[service]} connected successfully!`,
  timedOut: 'OAuth process timed out',
  userEmailNotFound: 'User email not found',
  assistantPhoneNotConfigured: 'Assistant phone number not configured',
  createCalendarInvalidJson: (detail: string) => `Create calendar API returned invalid JSON: ${detail}`,
  shareCalendarInvalidJson: (detail: string) => `Share calendar API returned invalid JSON: ${detail}`,
  failedToShare: 'Failed to share calendar',
  errorSharing: (detail: string) => `Error sharing calendar: ${detail}`,
  /**
   * Spec §8 says 'Check your Google Calendar.'; the Business Calendar is a private .ics link any calendar
   * app subscribes to, so the text says that instead (docs/decisions/140-business-calendar.md).
   */
  calendarShared:
    'Calendar shared successfully! We e-mailed you a private link: subscribe to it in any calendar app.',
  /** Not in the spec: Deny on the consent screen is the owner's choice, not a failure (issue 15 §5). */
  declined: (service: CalendarService) =>
    `You declined access to ${CALENDAR_SERVICE_NAMES[service]}, so nothing was connected. Connect it whenever you are ready.`,
  /** Spec §2: one personal calendar at a time; connecting another replaces it. */
  expiredFallback: (service: CalendarService) =>
    `Access to ${CALENDAR_SERVICE_NAMES[service]} has expired: your assistant books into the ${BOT_CALENDAR_NAME} until you reconnect.`,
  /**
   * Not in the spec: the vendor could not be reached (network, an outage) the last time the assistant used
   * the calendar. The connection stands; reconnecting would not help (docs/decisions/142, session 41).
   */
  lastSyncFailed: (service: CalendarService) =>
    `We could not reach ${CALENDAR_SERVICE_NAMES[service]} the last time your assistant used it. Your assistant books into the ${BOT_CALENDAR_NAME} meanwhile and tries again by itself: no need to reconnect.`,
  switchNote: (connected: CalendarService) =>
    `One personal calendar at a time: connecting another one replaces ${CALENDAR_SERVICE_NAMES[connected]}.`,
  switched: (service: CalendarService, replaced: CalendarService) =>
    `${CALENDAR_SERVICE_NAMES[service]} connected successfully! It replaces ${CALENDAR_SERVICE_NAMES[replaced]}, which is no longer connected.`,
} as const;

/** The Business Calendar's subscription link: states and answers (issue 12 §2). */
export const CALENDAR_FEED_MESSAGES = {
  alreadyActive:
    'Your calendar already has a private link. Rotate it to get a new one (the old link stops working), or revoke it.',
  conflict: 'The link was changed at the same moment elsewhere. Reload to see the current one.',
  rotated: 'New link ready. The old link no longer works: subscribe to this one instead.',
  revoked: 'Link revoked. Calendar apps subscribed to it stop receiving your bookings.',
  shownOnce: 'For your safety the link is shown only when it is created. Rotate it to get a new one.',
  copied: 'Link copied to the clipboard.',
} as const;

/** What the owner confirms before the live link stops working: calendars subscribed to it stop updating. */
export const CALENDAR_FEED_CONFIRMATIONS = {
  rotate: {
    title: 'Rotate the private link?',
    body: 'The current link stops working at once. Calendar apps subscribed to it stop receiving your bookings until you subscribe them to the new link.',
    confirm: 'Rotate link',
  },
  revoke: {
    title: 'Revoke the private link?',
    body: 'The link stops working at once and calendar apps subscribed to it stop receiving your bookings. You can share a new link at any time.',
    confirm: 'Revoke link',
  },
} as const;
