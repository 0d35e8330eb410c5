import { z } from 'zod';
import {
  CalendarAuthError,
  CalendarUnavailableError,
  type CalendarApi,
  type CalendarEvent,
} from './calendar-api-types';

// A caller is waiting on the line: a slow calendar falls back to the internal one rather than stall the turn.
const REQUEST_TIMEOUT_MS = 5_000;
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
export function createGoogleCalendarApi(
  options: {
    baseUrl?: string | undefined;
    fetch?: (input: string, init: RequestInit) => Promise<Response>;
  } = {},
): CalendarApi {
  const base = (options.baseUrl ?? GOOGLE_CALENDAR_API_BASE).replace(/\/+$/, '');
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));

  async function call(accessToken: string, method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchFn(`${base}/calendar/v3${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new CalendarUnavailableError(`Google Calendar unreachable: ${(error as Error).message}`);
    }
    if (response.status === 401) throw new CalendarAuthError('Google Calendar refused the access token');
    // 403 with an auth reason (insufficient scope after the owner unticked access) is a consent problem too.
    if (response.status === 403) {
      const text = await response.text();
      if (/insufficientPermissions|ACCESS_TOKEN_SCOPE_INSUFFICIENT|forbidden/i.test(text))
        throw new CalendarAuthError('Google Calendar access is no longer granted');
      throw new CalendarUnavailableError(`Google Calendar answered 403: ${text.slice(0, 200)}`);
    }
    if (method === 'DELETE' && (response.status === 404 || response.status === 410)) return undefined;
    if (!response.ok) throw new CalendarUnavailableError(`Google Calendar answered ${response.status}`);
    if (response.status === 204) return undefined;
    return response.json().catch(() => {
      throw new CalendarUnavailableError('Google Calendar answered without JSON');
    });
  }

  const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new CalendarUnavailableError('Google Calendar answered an unexpected shape');
    return parsed.data;
  };

  return {
    async account(accessToken) {
      return parse(z.object({ id: z.string() }), await call(accessToken, 'GET', '/calendars/primary')).id;
    },

    async busy(accessToken, from, to) {
      const answer = parse(
        freeBusySchema,
        await call(accessToken, 'POST', '/freeBusy', {
          timeMin: from.toISOString(),
          timeMax: to.toISOString(),
          items: [{ id: 'primary' }],
        }),
      );
      const primary = answer.calendars.primary ?? Object.values(answer.calendars)[0];
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
      await call(accessToken, 'DELETE', `/calendars/primary/events/${encodeURIComponent(id)}`);
    },
  };
}
