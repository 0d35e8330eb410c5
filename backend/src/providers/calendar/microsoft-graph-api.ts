import { z } from 'zod';
import {
  CalendarUnavailableError,
  type BusyInterval,
  type CalendarApi,
  type CalendarApiOptions,
  type CalendarEvent,
} from './calendar-api-types';
import { fromGraphDateTime, toGraphDateTime, type GraphDateTime } from './graph-date-time';
import { createVendorJsonClient } from './vendor-json-client';

export const MICROSOFT_GRAPH_API_BASE = 'https://graph.microsoft.com';

/** getSchedule looks up less than 42 days per request: longer windows are asked in parts of this size. */
const SCHEDULE_WINDOW_MS = 41 * 24 * 60 * 60 * 1000;
/** getSchedule's slot size in minutes (its availabilityView; we read the scheduleItems, not the view). */
const AVAILABILITY_VIEW_INTERVAL = 15;
/** Free/busy statuses that keep the assistant from offering a time (docs/decisions/180). */
const BUSY_STATUSES = new Set(['busy', 'tentative', 'oof']);
/** A throttled Graph call waits this long at most before its one retry: a caller is on the line. */
const RETRY_AFTER_MAX_MS = 2_000;
/** Mailbox addresses remembered per access token, so free/busy is one request, not two. */
const ADDRESS_CACHE_SIZE = 200;

const graphDateTime = z.object({ dateTime: z.string(), timeZone: z.string() });
const meSchema = z.object({ mail: z.string().nullish(), userPrincipalName: z.string().nullish() });
const scheduleSchema = z.object({
  value: z.array(
    z.object({
      scheduleId: z.string().optional(),
      scheduleItems: z
        .array(z.object({ status: z.string(), start: graphDateTime, end: graphDateTime }))
        .default([]),
      error: z.object({ message: z.string().optional(), responseCode: z.string().optional() }).nullish(),
    }),
  ),
});
const eventSchema = z.object({
  id: z.string(),
  subject: z.string().nullish(),
  isCancelled: z.boolean().optional(),
  showAs: z.string().optional(),
  start: graphDateTime,
  end: graphDateTime,
});
const calendarViewSchema = z.object({
  value: z.array(eventSchema).default([]),
  '@odata.nextLink': z.string().optional(),
});

const instant = (value: GraphDateTime) => {
  const parsed = fromGraphDateTime(value);
  if (!parsed)
    throw new CalendarUnavailableError(`Microsoft Graph answered an unreadable time (${value.timeZone})`);
  return parsed;
};

/**
 * Outlook / Microsoft 365 through Microsoft Graph v1.0, on the signed-in user's default calendar: free/busy
 * by getSchedule, events by calendarView and /me/events. Every time goes out and comes back in UTC
 * (Prefer: outlook.timezone). `baseUrl` points it at a test fake or the local stand-in.
 */
export function createMicrosoftGraphApi(options: CalendarApiOptions = {}): CalendarApi {
  const root = `${(options.baseUrl ?? MICROSOFT_GRAPH_API_BASE).replace(/\/+$/, '')}/v1.0`;
  const { call, parse } = createVendorJsonClient({
    vendor: 'Microsoft Graph',
    root,
    fetch: options.fetch,
    headers: { Prefer: 'outlook.timezone="UTC"' },
    retryAfterMaxMs: RETRY_AFTER_MAX_MS,
    // 403 ErrorAccessDenied / Authorization_RequestDenied: the permission was withdrawn (a tenant admin, or
    // the owner in their account's app settings). A full mailbox or other 403s are the vendor's trouble.
    forbiddenIsAuth: (text) => /ErrorAccessDenied|Authorization_RequestDenied|"AccessDenied"/.test(text),
  });
  const addresses = new Map<string, string>();

  async function account(accessToken: string) {
    const cached = addresses.get(accessToken);
    if (cached) return cached;
    const me = parse(meSchema, await call(accessToken, 'GET', '/me?$select=mail,userPrincipalName'));
    // Personal accounts and some work accounts have no mail attribute: the sign-in name is the mailbox then.
    const address = me.mail || me.userPrincipalName;
    if (!address) throw new CalendarUnavailableError('Microsoft Graph answered a user without an address');
    if (addresses.size >= ADDRESS_CACHE_SIZE) addresses.delete(addresses.keys().next().value!);
    addresses.set(accessToken, address);
    return address;
  }

  /** The mailbox's busy items in one window of less than 42 days. */
  async function scheduleOf(accessToken: string, address: string, window: { start: Date; end: Date }) {
    const answer = parse(
      scheduleSchema,
      await call(accessToken, 'POST', '/me/calendar/getSchedule', {
        schedules: [address],
        startTime: toGraphDateTime(window.start),
        endTime: toGraphDateTime(window.end),
        availabilityViewInterval: AVAILABILITY_VIEW_INTERVAL,
      }),
    );
    const schedule = answer.value[0];
    if (!schedule || schedule.error)
      throw new CalendarUnavailableError(
        `Microsoft free/busy failed: ${schedule?.error?.responseCode ?? schedule?.error?.message ?? 'no schedule'}`,
      );
    return schedule.scheduleItems
      .filter((item) => BUSY_STATUSES.has(item.status))
      .map((item): BusyInterval => ({ start: instant(item.start), end: instant(item.end) }));
  }

  return {
    account,

    async busy(accessToken, from, to, calendarRef) {
      // Another mailbox's free/busy (a staff member's) is asked the same way: getSchedule takes any address.
      const address = calendarRef ?? (await account(accessToken));
      const windows: Array<{ start: Date; end: Date }> = [];
      for (let start = from.getTime(); start < to.getTime(); start += SCHEDULE_WINDOW_MS)
        windows.push({
          start: new Date(start),
          end: new Date(Math.min(start + SCHEDULE_WINDOW_MS, to.getTime())),
        });
      const parts = await Promise.all(windows.map((window) => scheduleOf(accessToken, address, window)));
      return parts.flat();
    },

    async events(accessToken, from, to) {
      const found: CalendarEvent[] = [];
      const query = new URLSearchParams({
        startDateTime: from.toISOString(),
        endDateTime: to.toISOString(),
        $select: 'id,subject,start,end,isCancelled,showAs',
        $top: '100',
      });
      let path: string | undefined = `/me/calendarView?${query}`;
      while (path && found.length < 1000) {
        const page: z.infer<typeof calendarViewSchema> = parse(
          calendarViewSchema,
          await call(accessToken, 'GET', path),
        );
        for (const event of page.value) {
          if (event.isCancelled || event.showAs === 'free') continue;
          found.push({
            id: event.id,
            start: instant(event.start),
            end: instant(event.end),
            summary: event.subject ?? '',
          });
        }
        const next: string | undefined = page['@odata.nextLink'];
        // The next page is an absolute URL on Graph's own host; only one under our root is followed.
        path = next?.startsWith(root) ? next.slice(root.length) : undefined;
      }
      return found;
    },

    async createEvent(accessToken, event) {
      const created = await call(accessToken, 'POST', '/me/events', {
        subject: event.summary,
        body: { contentType: 'text', content: event.description },
        start: toGraphDateTime(event.start),
        end: toGraphDateTime(event.end),
        showAs: 'busy',
        // The booking's id: a create retried after a lost answer gives back the same event, not a second one.
        ...(event.reference ? { transactionId: event.reference } : {}),
      });
      return { id: parse(z.object({ id: z.string() }), created).id };
    },

    async moveEvent(accessToken, id, slot) {
      await call(accessToken, 'PATCH', `/me/events/${encodeURIComponent(id)}`, {
        start: toGraphDateTime(slot.start),
        end: toGraphDateTime(slot.end),
      });
    },

    async deleteEvent(accessToken, id) {
      await call(accessToken, 'DELETE', `/me/events/${encodeURIComponent(id)}`, undefined, {
        goneIsDone: true,
      });
    },
  };
}
