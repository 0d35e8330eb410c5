import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { LocalCalendarEventStore, LocalCalendarEvent } from './local-calendar-events';
import { LocalCalendarFullError } from './local-calendar-events';
import type { LocalOAuthGrantStore } from './local-oauth-grants';

const SERVICE = 'google_calendar';
/** Where the local Google Calendar API answers, in Google's paths after it (…/calendar/v3/freeBusy). */
export const LOCAL_GOOGLE_CALENDAR_API_BASE = '/local/google-calendar';

type Env = { Variables: { account: string } };

/** Google's error body for a refused token, so the adapter meets the same answer as in production. */
const unauthenticated = (c: Context) =>
  c.json(
    {
      error: {
        code: 401,
        message: 'Request had invalid authentication credentials.',
        status: 'UNAUTHENTICATED',
      },
    },
    401,
  );
const notFound = (c: Context) =>
  c.json({ error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } }, 404);
const badRequest = (c: Context, message: string) =>
  c.json({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } }, 400);

const eventBody = z.object({
  summary: z.string().max(500).optional(),
  description: z.string().max(4000).optional(),
  start: z.object({ dateTime: z.iso.datetime({ offset: true }) }),
  end: z.object({ dateTime: z.iso.datetime({ offset: true }) }),
});
const slotBody = eventBody.pick({ start: true, end: true });
const rangeQuery = z.object({
  timeMin: z.iso.datetime({ offset: true }),
  timeMax: z.iso.datetime({ offset: true }),
});
/** Google answers up to 50 calendars per freeBusy query. */
const freeBusyBody = rangeQuery.extend({
  items: z
    .array(z.object({ id: z.string().min(1).max(320) }))
    .min(1)
    .max(50),
});

const wire = (event: LocalCalendarEvent) => ({
  kind: 'calendar#event',
  id: event.id,
  status: 'confirmed',
  summary: event.summary,
  description: event.description,
  start: { dateTime: event.start },
  end: { dateTime: event.end },
  created: event.created_at,
});

/**
 * The local stand-in of Google Calendar's API (v3), in its wire format: the real adapter
 * (google-calendar-api.ts) talks to it unchanged. Tokens are the local OAuth server's: an expired token or a
 * removed consent answers 401 like Google. Events live in DynamoDB; the local calendar page
 * (local-calendar-page.ts) shows them and lets a person add a busy time or remove the app's access.
 */
export function createLocalGoogleCalendarServer(
  grants: LocalOAuthGrantStore,
  events: LocalCalendarEventStore,
): Hono {
  const api = new Hono<Env>();
  api.use('*', async (c, next) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const grant = token ? await grants.getAccessToken(SERVICE, token) : undefined;
    if (!grant) return unauthenticated(c);
    c.set('account', grant.account);
    return next();
  });
  api.get('/calendar/v3/calendars/primary', (c) =>
    c.json({ kind: 'calendar#calendar', id: c.get('account'), summary: c.get('account'), timeZone: 'UTC' }),
  );
  api.post('/calendar/v3/freeBusy', async (c) => {
    const parsed = freeBusyBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return badRequest(c, 'timeMin, timeMax and items are required');
    const { timeMin, timeMax, items } = parsed.data;
    // Every local account shares its calendar with the others (as a staff member shares theirs with the
    // owner): a calendar id other than 'primary' is another local account, whose page holds its events.
    const calendars = Object.fromEntries(
      await Promise.all(
        items.map(async ({ id }) => {
          const account = id === 'primary' ? c.get('account') : id;
          const busy = await events.overlapping(SERVICE, account, new Date(timeMin), new Date(timeMax));
          return [id, { busy: busy.map((event) => ({ start: event.start, end: event.end })) }] as const;
        }),
      ),
    );
    return c.json({ kind: 'calendar#freeBusy', timeMin, timeMax, calendars });
  });
  api.get('/calendar/v3/calendars/primary/events', async (c) => {
    const parsed = rangeQuery.safeParse(c.req.query());
    if (!parsed.success) return badRequest(c, 'timeMin and timeMax are required');
    const found = await events.overlapping(
      SERVICE,
      c.get('account'),
      new Date(parsed.data.timeMin),
      new Date(parsed.data.timeMax),
    );
    return c.json({ kind: 'calendar#events', items: found.map(wire) });
  });
  api.post('/calendar/v3/calendars/primary/events', async (c) => {
    const parsed = eventBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return badRequest(c, 'start.dateTime and end.dateTime are required');
    const { start, end, summary = '', description = '' } = parsed.data;
    if (new Date(end.dateTime) <= new Date(start.dateTime))
      return badRequest(c, 'The end is before the start');
    try {
      const created = await events.create(SERVICE, c.get('account'), {
        summary,
        description,
        start: new Date(start.dateTime).toISOString(),
        end: new Date(end.dateTime).toISOString(),
      });
      return c.json(wire(created));
    } catch (error) {
      if (error instanceof LocalCalendarFullError)
        return c.json({ error: { code: 403, message: error.message, status: 'quotaExceeded' } }, 403);
      throw error;
    }
  });
  api.patch('/calendar/v3/calendars/primary/events/:id', async (c) => {
    const parsed = slotBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return badRequest(c, 'start.dateTime and end.dateTime are required');
    const moved = await events.move(SERVICE, c.get('account'), c.req.param('id'), {
      start: new Date(parsed.data.start.dateTime).toISOString(),
      end: new Date(parsed.data.end.dateTime).toISOString(),
    });
    return moved ? c.json(wire(moved)) : notFound(c);
  });
  api.delete('/calendar/v3/calendars/primary/events/:id', async (c) => {
    const found = await events.find(SERVICE, c.get('account'), c.req.param('id'));
    if (!found) return notFound(c);
    await events.remove(SERVICE, c.get('account'), found);
    return c.body(null, 204);
  });

  const server = new Hono();
  server.route(LOCAL_GOOGLE_CALENDAR_API_BASE, api);
  return server;
}
