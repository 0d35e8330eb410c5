/**
 * A connected calendar's API, as the assistant uses it (docs/decisions/142): busy times for availability,
 * and the events that mirror its bookings. One implementation per vendor speaks that vendor's wire format;
 * the local vendors answer the same wire format (providers/calendar/local-google-calendar.ts).
 */
/** How an adapter is built: the vendor's API root (a fake's or the local vendor's), and its fetch. */
export type CalendarApiOptions = {
  baseUrl?: string | undefined;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
};

export type BusyInterval = { start: Date; end: Date };

export type CalendarEvent = {
  id: string;
  start: Date;
  end: Date;
  summary: string;
};

export type NewCalendarEvent = {
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Who the booking is for: schedulers (Acuity) keep the client's name and phone as fields of their own. */
  customer?: { name: string; phone: string };
  /**
   * The booking's own id: vendors that deduplicate a retried create by a client key (Graph's transactionId)
   * get it, so a create whose answer was lost does not leave two events.
   */
  reference?: string;
};

export interface CalendarApi {
  /** The account's calendar id (Google: the account's e-mail), shown to the owner as "connected as". */
  account(accessToken: string): Promise<string>;
  /**
   * Busy times of the account's own calendar, or of `calendarRef`: another calendar the account can see (a
   * staff member's own calendar, docs/decisions/183). The ref is the vendor's id for it: Google a calendar
   * id, Microsoft a mailbox address, Acuity a calendarID, Calendly a user URI.
   */
  busy(accessToken: string, from: Date, to: Date, calendarRef?: string): Promise<BusyInterval[]>;
  /** Events that overlap [from, to), cancelled and free ("transparent") ones left out. */
  events(accessToken: string, from: Date, to: Date): Promise<CalendarEvent[]>;
  createEvent(accessToken: string, event: NewCalendarEvent): Promise<{ id: string }>;
  moveEvent(accessToken: string, id: string, slot: { start: Date; end: Date }): Promise<void>;
  /** Deleting an event that is already gone succeeds: the outcome is the same. */
  deleteEvent(accessToken: string, id: string): Promise<void>;
  /**
   * Schedulers without a booking API (Calendly): the account's public scheduling page. The assistant texts
   * it instead of booking, and the vendor's signed webhook confirms the booking (docs/decisions/151).
   */
  schedulingLink?(accessToken: string): Promise<string>;
  /** Subscribes `callbackUrl` to the account's new bookings, signed with `signingKey` (idempotent). */
  subscribeBookings?(accessToken: string, callbackUrl: string, signingKey: string): Promise<void>;
}

/** A scheduler that cannot take bookings through its API (Calendly): the assistant sends its link instead. */
export class BookingNotSupportedError extends Error {}

/** The access token was refused (expired or revoked): refresh it, and if that fails the consent is gone. */
export class CalendarAuthError extends Error {}

/** The vendor failed or could not be reached: the assistant carries on with the internal calendar. */
export class CalendarUnavailableError extends Error {}
