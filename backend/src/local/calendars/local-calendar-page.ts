import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { CALENDAR_SERVICE_NAMES, isCalendarService, type CalendarService } from '@shared/calendar';
import { isValidTimeZone, zonedInstant, zonedParts } from '@shared/receptionist/business-time';
import {
  LocalCalendarFullError,
  type LocalCalendarEvent,
  type LocalCalendarEventStore,
} from './local-calendar-events';
import type { LocalOAuthGrantStore } from './local-oauth-grants';
import { htmlPage } from '../../platform/http/html-page';

/** A local vendor account's calendar page (local mode only), linked from setup step 7. */
export const localCalendarPagePath = (service: CalendarService, account: string) =>
  `/local/calendar/${service}/${encodeURIComponent(account)}`;

const pageParams = (c: Context) => {
  const service = c.req.param('service') ?? '';
  return {
    service: isCalendarService(service) ? service : undefined,
    account: c.req.param('account') ?? '',
  } as {
    service: CalendarService;
    account: string;
  };
};

/**
 * The local calendar vendors' own calendar page, the part of Google Calendar or Acuity a person uses: the
 * account's events, a form to add a busy time (the assistant must stop offering it) and "Remove access"
 * (a revoked consent: the app's tokens stop working). The vendors' APIs read the same events.
 */
export function createLocalCalendarPages(
  grants: LocalOAuthGrantStore,
  events: LocalCalendarEventStore,
): Hono {
  const server = new Hono();
  server.get('/local/calendar/:service/:account', async (c) => {
    const { service, account } = pageParams(c);
    if (!service) return c.notFound();
    const timeZone = isValidTimeZone(c.req.query('tz') ?? '') ? c.req.query('tz')! : 'UTC';
    const list = await events.list(service, account);
    return c.html(localCalendarPage(service, account, timeZone, list, c.req.query('notice')));
  });
  server.post('/local/calendar/:service/:account/events', async (c) => {
    const { service, account } = pageParams(c);
    if (!service) return c.notFound();
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
        `${localCalendarPagePath(service, account)}?tz=${encodeURIComponent(tz)}&notice=${encodeURIComponent(notice)}`,
        303,
      );
    if (!form.success) return back('Give a title, a start and a duration between 5 minutes and a day.');
    const [date, time] = form.data.start.split('T') as [string, string];
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    const start = zonedInstant({ year, month, day, hour, minute }, form.data.tz);
    try {
      await events.create(service, account, {
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
  server.post('/local/calendar/:service/:account/events/:id/delete', async (c) => {
    const { service, account } = pageParams(c);
    if (!service) return c.notFound();
    const found = await events.find(service, account, c.req.param('id'));
    if (found) await events.remove(service, account, found);
    return c.redirect(
      `${localCalendarPagePath(service, account)}?notice=${encodeURIComponent('Event deleted.')}`,
      303,
    );
  });
  server.post('/local/calendar/:service/:account/revoke', async (c) => {
    const { service, account } = pageParams(c);
    if (!service) return c.notFound();
    const removed = await grants.revokeAccount(service, account);
    return c.redirect(
      `${localCalendarPagePath(service, account)}?notice=${encodeURIComponent(
        removed > 0
          ? 'Access removed: the app can no longer read or change this calendar.'
          : 'No app had access.',
      )}`,
      303,
    );
  });

  return server;
}

export const LOCAL_CALENDAR_PAGE_STYLES = `
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

export const LOCAL_ZONES = [
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
  service: CalendarService,
  account: string,
  timeZone: string,
  list: LocalCalendarEvent[],
  notice: string | undefined,
) {
  const path = localCalendarPagePath(service, account);
  const vendor = CALENDAR_SERVICE_NAMES[service];
  return htmlPage({
    title: `${vendor} (local) — ${account}`,
    styles: LOCAL_CALENDAR_PAGE_STYLES,
    body: html`<main>
      <p class="vendor">${vendor} · local stand-in</p>
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
              ${[...new Set([timeZone, ...LOCAL_ZONES])].map((zone) => html`<option value="${zone}" ${zone === timeZone ? 'selected' : ''}>${zone}</option>`)}
            </select>
          </label>
          <button class="primary" type="submit">Add event</button>
        </form>
      </section>
      <section>
        <h2>Apps with access</h2>
        <p class="muted">
          Removing access is what an owner does in their ${vendor} account's security settings: the app's
          tokens stop working and it must be connected again.
        </p>
        <form method="post" action="${path}/revoke">
          <button class="danger" type="submit">Remove Ringly's access</button>
        </form>
      </section>
    </main>`,
  });
}
