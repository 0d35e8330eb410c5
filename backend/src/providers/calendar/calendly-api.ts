import { z } from 'zod';
import {
  BookingNotSupportedError,
  CalendarUnavailableError,
  type CalendarApi,
  type CalendarApiOptions,
  type CalendarEvent,
} from './calendar-api-types';
import { createVendorJsonClient } from './vendor-json-client';

export const CALENDLY_API_BASE = 'https://api.calendly.com';

/** Calendly answers busy times for at most a week per request. */
const BUSY_WINDOW_MS = 7 * 24 * 3_600_000;

const meSchema = z.object({
  resource: z.object({
    uri: z.string(),
    email: z.string(),
    scheduling_url: z.string(),
    current_organization: z.string(),
  }),
});
const busySchema = z.object({
  collection: z.array(
    z.object({ start_time: z.iso.datetime({ offset: true }), end_time: z.iso.datetime({ offset: true }) }),
  ),
});
const eventsSchema = z.object({
  collection: z.array(
    z.object({
      uri: z.string(),
      name: z.string().optional(),
      status: z.string().optional(),
      start_time: z.iso.datetime({ offset: true }),
      end_time: z.iso.datetime({ offset: true }),
    }),
  ),
});

const membershipsSchema = z.object({
  collection: z.array(z.object({ user: z.object({ uri: z.string(), email: z.string().optional() }) })),
});
/** A Calendly user URI (…/users/<uuid>), as opposed to an e-mail. */
const USER_URI = /^https?:\/\/[^/]+\/users\/[^/?#]+$/;

/** A scheduled event's uuid, the last part of its uri (what our appointment keeps as its event id). */
export const calendlyEventUuid = (uri: string) => uri.replace(/\/+$/, '').split('/').at(-1) ?? uri;

/**
 * Calendly's API v2. Availability is the user's busy times (their Calendly bookings and the calendars
 * Calendly checks); bookings cannot be made through it, so the assistant texts the scheduling link
 * (`schedulingLink`) and the signed `invitee.created` webhook (`subscribeBookings`) confirms them.
 * Cancelling a booking cancels the scheduled event.
 */
export function createCalendlyApi(options: CalendarApiOptions = {}): CalendarApi {
  const { call, parse } = createVendorJsonClient({
    vendor: 'Calendly',
    root: options.baseUrl ?? CALENDLY_API_BASE,
    fetch: options.fetch,
    forbiddenIsAuth: () => false,
  });
  const me = async (accessToken: string) =>
    parse(meSchema, await call(accessToken, 'GET', '/users/me')).resource;

  /** The user URI of the organisation's member with this e-mail. */
  async function memberUri(accessToken: string, email: string) {
    const query = new URLSearchParams({
      organization: (await me(accessToken)).current_organization,
      email: email.trim(),
    });
    const members = parse(
      membershipsSchema,
      await call(accessToken, 'GET', `/organization_memberships?${query}`),
    );
    const found = members.collection[0]?.user.uri;
    if (!found) throw new CalendarUnavailableError(`No member of the Calendly organization is ${email}`);
    return found;
  }

  async function events(accessToken: string, from: Date, to: Date): Promise<CalendarEvent[]> {
    const user = await me(accessToken);
    const query = new URLSearchParams({
      user: user.uri,
      min_start_time: new Date(from.getTime() - 24 * 3_600_000).toISOString(),
      max_start_time: to.toISOString(),
      status: 'active',
      count: '100',
    });
    const list = parse(eventsSchema, await call(accessToken, 'GET', `/scheduled_events?${query}`));
    return list.collection
      .filter((e) => e.status !== 'canceled')
      .map((e) => ({
        id: calendlyEventUuid(e.uri),
        start: new Date(e.start_time),
        end: new Date(e.end_time),
        summary: e.name ?? 'Calendly booking',
      }))
      .filter((e) => e.start < to && e.end > from);
  }

  return {
    async account(accessToken) {
      return (await me(accessToken)).email;
    },

    async busy(accessToken, from, to, calendarRef) {
      // Another member of the owner's organisation (a staff member's Calendly): their user URI, or their
      // e-mail, looked up among the organisation's members.
      const user = !calendarRef
        ? (await me(accessToken)).uri
        : USER_URI.test(calendarRef)
          ? calendarRef
          : await memberUri(accessToken, calendarRef);
      const busy = [];
      for (let start = from.getTime(); start < to.getTime(); start += BUSY_WINDOW_MS) {
        const end = Math.min(start + BUSY_WINDOW_MS, to.getTime());
        const query = new URLSearchParams({
          user,
          start_time: new Date(start).toISOString(),
          end_time: new Date(end).toISOString(),
        });
        const page = parse(busySchema, await call(accessToken, 'GET', `/user_busy_times?${query}`));
        busy.push(
          ...page.collection.map((b) => ({ start: new Date(b.start_time), end: new Date(b.end_time) })),
        );
      }
      return busy;
    },

    events,

    async createEvent() {
      throw new BookingNotSupportedError('Calendly bookings are made on its scheduling page');
    },

    async moveEvent() {
      throw new BookingNotSupportedError('Calendly bookings are rescheduled on its scheduling page');
    },

    async deleteEvent(accessToken, id) {
      await call(
        accessToken,
        'POST',
        `/scheduled_events/${encodeURIComponent(id)}/cancellation`,
        { reason: 'Cancelled by the assistant at the caller’s request' },
        { goneIsDone: true },
      );
    },

    async schedulingLink(accessToken) {
      return (await me(accessToken)).scheduling_url;
    },

    async subscribeBookings(accessToken, callbackUrl, signingKey) {
      const user = await me(accessToken);
      await call(
        accessToken,
        'POST',
        '/webhook_subscriptions',
        {
          url: callbackUrl,
          events: ['invitee.created', 'invitee.canceled'],
          organization: user.current_organization,
          user: user.uri,
          scope: 'user',
          signing_key: signingKey,
        },
        { conflictIsDone: true },
      );
    },
  };
}
