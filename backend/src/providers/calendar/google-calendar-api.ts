import { z } from 'zod';
import {
  CalendarUnavailableError,
  type CalendarApi,
  type CalendarApiOptions,
  type CalendarEvent,
} from './calendar-api-types';
import { createVendorJsonClient } from './vendor-json-client';

export const GOOGLE_CALENDAR_API_BASE = 'https://www.googleapis.com';

const dateTime = z.object({ dateTime: z.string().optional(), date: z.string().optional() });
const eventSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  transparency: z.string().optional(),
  summary: z.string().optional(),
  start: dateTime,
  end: dateTime,
});
const eventsSchema = z.object({
  items: z.array(eventSchema).default([]),
  nextPageToken: z.string().optional(),
});
const freeBusySchema = z.object({
  calendars: z.record(
    z.string(),
    z.object({
      busy: z.array(z.object({ start: z.string(), end: z.string() })).default([]),
      errors: z.array(z.object({ reason: z.string() })).optional(),
    }),
  ),
});

/** An all-day event's date is the business's whole day; Google gives it without a zone, read as UTC here. */
const instant = (value: z.infer<typeof dateTime>) => new Date(value.dateTime ?? `${value.date}T00:00:00Z`);

/**
 * Google Calendar API v3 over its REST wire format, on the account's primary calendar. `baseUrl` points it
 * at a test fake or the local vendor; `fetch` lets the local vendor answer in-process.
 */
export function createGoogleCalendarApi(options: CalendarApiOptions = {}): CalendarApi {
  const { call, parse } = createVendorJsonClient({
    vendor: 'Google Calendar',
    root: `${(options.baseUrl ?? GOOGLE_CALENDAR_API_BASE).replace(/\/+$/, '')}/calendar/v3`,
    fetch: options.fetch,
    // 403 with an auth reason (insufficient scope after the owner unticked access) is a consent problem too.
    forbiddenIsAuth: (text) =>
      /insufficientPermissions|ACCESS_TOKEN_SCOPE_INSUFFICIENT|forbidden/i.test(text),
  });

  return {
    async account(accessToken) {
      return parse(z.object({ id: z.string() }), await call(accessToken, 'GET', '/calendars/primary')).id;
    },

    async busy(accessToken, from, to, calendarRef) {
      const id = calendarRef ?? 'primary';
      const answer = parse(
        freeBusySchema,
        await call(accessToken, 'POST', '/freeBusy', {
          timeMin: from.toISOString(),
          timeMax: to.toISOString(),
          items: [{ id }],
        }),
      );
      // Google keys the answer by the id asked for (the primary calendar may come back under its address).
      const primary = answer.calendars[id] ?? Object.values(answer.calendars)[0];
      if (!primary || primary.errors?.length)
        throw new CalendarUnavailableError(
          `Google free/busy failed: ${primary?.errors?.[0]?.reason ?? 'no calendar'}`,
        );
      return primary.busy.map((range) => ({ start: new Date(range.start), end: new Date(range.end) }));
    },

    async events(accessToken, from, to) {
      const found: CalendarEvent[] = [];
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({
          timeMin: from.toISOString(),
          timeMax: to.toISOString(),
          singleEvents: 'true',
          maxResults: '250',
          ...(pageToken ? { pageToken } : {}),
        });
        const page = parse(
          eventsSchema,
          await call(accessToken, 'GET', `/calendars/primary/events?${query}`),
        );
        for (const event of page.items) {
          if (event.status === 'cancelled' || event.transparency === 'transparent') continue;
          found.push({
            id: event.id,
            start: instant(event.start),
            end: instant(event.end),
            summary: event.summary ?? '',
          });
        }
        pageToken = page.nextPageToken;
      } while (pageToken && found.length < 1000);
      return found;
    },

    async createEvent(accessToken, event) {
      const created = await call(accessToken, 'POST', '/calendars/primary/events', {
        summary: event.summary,
        description: event.description,
        start: { dateTime: event.start.toISOString() },
        end: { dateTime: event.end.toISOString() },
      });
      return { id: parse(z.object({ id: z.string() }), created).id };
    },

    async moveEvent(accessToken, id, slot) {
      await call(accessToken, 'PATCH', `/calendars/primary/events/${encodeURIComponent(id)}`, {
        start: { dateTime: slot.start.toISOString() },
        end: { dateTime: slot.end.toISOString() },
      });
    },

    async deleteEvent(accessToken, id) {
      await call(accessToken, 'DELETE', `/calendars/primary/events/${encodeURIComponent(id)}`, undefined, {
        goneIsDone: true,
      });
    },
  };
}
