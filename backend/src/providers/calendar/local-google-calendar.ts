import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { isValidTimeZone, zonedInstant, zonedParts } from '@shared/receptionist/business-time';
import type { LocalCalendarEventStore, LocalCalendarEvent } from '../../data/local-calendar-events';
import { LocalCalendarFullError } from '../../data/local-calendar-events';
import type { LocalOAuthGrantStore } from '../../data/local-oauth-grants';
import { htmlPage } from '../../http/html-page';

const SERVICE = 'google_calendar';
/** Where the local Google Calendar API answers, in Google's paths after it (…/calendar/v3/freeBusy). */
export const LOCAL_GOOGLE_CALENDAR_API_BASE = '/local/google-calendar';
export const localCalendarPagePath = (account: string) => `/local/calendar/${encodeURIComponent(account)}`;

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
 * removed consent answers 401 like Google. Events live in DynamoDB; the local calendar page shows them and
 * lets a person add a busy time or remove the app's access, as they would in Google Calendar.
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
    const parsed = rangeQuery.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return badRequest(c, 'timeMin and timeMax are required');
    const { timeMin, timeMax } = parsed.data;
    const busy = await events.overlapping(SERVICE, c.get('account'), new Date(timeMin), new Date(timeMax));
    return c.json({
      kind: 'calendar#freeBusy',
      timeMin,
      timeMax,
      calendars: { primary: { busy: busy.map((event) => ({ start: event.start, end: event.end })) } },
    });
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
  server.get('/local/calendar/:account', async (c) => {
    const account = c.req.param('account');
    const timeZone = isValidTimeZone(c.req.query('tz') ?? '') ? c.req.query('tz')! : 'UTC';
    const list = await events.list(SERVICE, account);
    return c.html(localCalendarPage(account, timeZone, list, c.req.query('notice')));
  });
  server.post('/local/calendar/:account/events', async (c) => {
    const account = c.req.param('account');
    const form = z
      .object({
        title: z.string().trim().min(1).max(200),
        start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
        minutes: z.coerce
          .number()
          .int()
          .min(5)
          .max(24 * 60),
        tz: z.string().refine(isValidTimeZone),
      })
      .safeParse(await c.req.parseBody());
    const back = (notice: string, tz = 'UTC') =>
      c.redirect(
        `${localCalendarPagePath(account)}?tz=${encodeURIComponent(tz)}&notice=${encodeURIComponent(notice)}`,
        303,
      );
    if (!form.success) return back('Give a title, a start and a duration between 5 minutes and a day.');
    const [date, time] = form.data.start.split('T') as [string, string];
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    const start = zonedInstant({ year, month, day, hour, minute }, form.data.tz);
    try {
      await events.create(SERVICE, account, {
        summary: form.data.title,
        description: 'Added on the local calendar page',
        start: start.toISOString(),
        end: new Date(start.getTime() + form.data.minutes * 60_000).toISOString(),
      });
    } catch (error) {
      if (error instanceof LocalCalendarFullError) return back(error.message, form.data.tz);
      throw error;
    }
    return back(`Added “${form.data.title}”.`, form.data.tz);
  });
  server.post('/local/calendar/:account/events/:id/delete', async (c) => {
    const account = c.req.param('account');
    const found = await events.find(SERVICE, account, c.req.param('id'));
    if (found) await events.remove(SERVICE, account, found);
    return c.redirect(
      `${localCalendarPagePath(account)}?notice=${encodeURIComponent('Event deleted.')}`,
      303,
    );
  });
  server.post('/local/calendar/:account/revoke', async (c) => {
    const account = c.req.param('account');
    const removed = await grants.revokeAccount(SERVICE, account);
    return c.redirect(
      `${localCalendarPagePath(account)}?notice=${encodeURIComponent(
        removed > 0
          ? 'Access removed: the app can no longer read or change this calendar.'
          : 'No app had access.',
      )}`,
      303,
    );
  });
  return server;
}

const PAGE_STYLES = `
  main { max-width: 720px; margin: 0 auto; }
  .vendor { color: #5b6475; font-size: 0.9rem; margin: 0 0 4px; }
  h1 { font-size: 1.4rem; margin: 0 0 16px; }
  section { background: #fff; border: 1px solid #dfe3ea; border-radius: 12px; padding: 16px 20px; margin-bottom: 16px; }
  h2 { font-size: 1rem; margin: 0 0 12px; }
  table { width: 100%; border-collapse: collapse; font-size: 0.92rem; }
  th, td { text-align: left; padding: 8px 6px; border-top: 1px solid #eef0f4; vertical-align: top; }
  th { color: #5b6475; font-weight: 600; border-top: none; }
  .muted { color: #5b6475; }
  .notice { background: #ecfdf5; border: 1px solid #a7f3d0; border-radius: 8px; padding: 10px 14px; margin-bottom: 16px; }
  form.add { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
  form.add label { flex: 1 1 150px; }
  label { display: grid; gap: 4px; font-size: 0.85rem; color: #5b6475; }
  input, select { font: inherit; padding: 8px; border: 1px solid #c5cbd6; border-radius: 8px; }
  button { font: inherit; padding: 8px 14px; border-radius: 8px; border: 1px solid #c5cbd6; background: #fff; cursor: pointer; }
  button.primary { background: #4f46e5; border-color: #4f46e5; color: #fff; }
  button.danger { color: #b42318; border-color: #f3b4ae; }
`;

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Toronto',
  'UTC',
];

const clock = (iso: string, timeZone: string) => {
  const p = zonedParts(new Date(iso), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
};

function localCalendarPage(
  account: string,
  timeZone: string,
  list: LocalCalendarEvent[],
  notice: string | undefined,
) {
  const path = localCalendarPagePath(account);
  return htmlPage({
    title: `Google Calendar (local) — ${account}`,
    styles: PAGE_STYLES,
    body: html`<main>
      <p class="vendor">Google Calendar · local stand-in</p>
      <h1>${account}</h1>
      ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
      <section>
        <h2>Events (${timeZone})</h2>
        ${
          list.length === 0
            ? html`<p class="muted" data-testid="no-events">No events yet.</p>`
            : html`<table data-testid="events">
                <thead>
                  <tr>
                    <th>Start</th>
                    <th>End</th>
                    <th>Title</th>
                    <th></th>
                  </tr>
                </thead>
                <tbody>
                  ${list.map(
                    (event) =>
                      html`<tr>
                        <td>${clock(event.start, timeZone)}</td>
                        <td>${clock(event.end, timeZone)}</td>
                        <td>${event.summary}<br /><span class="muted">${event.description}</span></td>
                        <td>
                          <form method="post" action="${path}/events/${event.id}/delete">
                            <button class="danger" type="submit">Delete</button>
                          </form>
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>
      <section>
        <h2>Add a busy time</h2>
        <form class="add" method="post" action="${path}/events">
          <label>Title <input name="title" value="Busy" required maxlength="200" /></label>
          <label>Start <input name="start" type="datetime-local" required /></label>
          <label>Minutes <input name="minutes" type="number" min="5" max="1440" value="60" required /></label>
          <label
            >Time zone
            <select name="tz">
              ${[...new Set([timeZone, ...ZONES])].map((zone) => html`<option value="${zone}" ${zone === timeZone ? 'selected' : ''}>${zone}</option>`)}
            </select>
          </label>
          <button class="primary" type="submit">Add event</button>
        </form>
      </section>
      <section>
        <h2>Apps with access</h2>
        <p class="muted">
          Removing access is what an owner does in their Google Account's security settings: the app's tokens
          stop working and it must be connected again.
        </p>
        <form method="post" action="${path}/revoke">
          <button class="danger" type="submit">Remove Ringly's access</button>
        </form>
      </section>
    </main>`,
  });
}
