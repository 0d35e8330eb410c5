import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import { z } from 'zod';
import { isValidTimeZone, zonedInstant } from '@shared/receptionist/business-time';
import { SLOT_MINUTES } from '@shared/receptionist/slots';
import type { LocalCalendarEventStore } from './local-calendar-events';
import type { LocalOAuthGrantStore } from './local-oauth-grants';
import { htmlPage } from '../../platform/http/html-page';
import { signCalendlyPayload } from '../../providers/calendar/calendly-webhook-signature';
import { LOCAL_CALENDAR_PAGE_STYLES, LOCAL_ZONES } from './local-calendar-page';

const SERVICE = 'calendly';
/** Where the local Calendly API answers, in Calendly's paths after it (…/users/me). */
export const LOCAL_CALENDLY_API_BASE = '/local/calendly/api';
/** The local Calendly's public scheduling pages (what the assistant texts). */
export const LOCAL_CALENDLY_BOOK_PATH = '/local/calendly/book';

type Env = { Variables: { account: string } };
type Subscription = { url: string; signing_key: string; events: string[] };
type Dispatch = (request: Request) => Promise<Response>;

const calendlyError = (c: Context, status: 400 | 401 | 404 | 409, title: string, message: string) =>
  c.json({ title, message }, status);

const LOCAL_ORGANIZATION = 'https://api.calendly.local/organizations/local';
const USER_URI_PREFIX = 'https://api.calendly.local/users/';
const userUri = (account: string) => `${USER_URI_PREFIX}${encodeURIComponent(account)}`;
const eventUri = (id: string) => `https://api.calendly.local/scheduled_events/${id}`;
const hookKey = (account: string, url: string) => ({
  pk: `LOCALCALENDLY#HOOKS#${account}`,
  sk: `HOOK#${url}`,
});

const rangeQuery = (from: string, to: string) =>
  z.object({ [from]: z.iso.datetime({ offset: true }), [to]: z.iso.datetime({ offset: true }) });

/**
 * The local stand-in of Calendly (docs/decisions/151): its API v2 in Calendly's wire format (the real
 * adapter, calendly-api.ts, talks to it unchanged), webhook subscriptions, and the public scheduling page a
 * caller opens from the assistant's text. Booking there creates the event and delivers Calendly's
 * `invitee.created` (and cancelling it, `invitee.canceled`), signed with the subscription's key, to the
 * subscribed URL (our own webhook).
 */
export function createLocalCalendly(
  grants: LocalOAuthGrantStore,
  events: LocalCalendarEventStore,
  store: { doc: DynamoDBDocumentClient; tableName: string },
  options: { publicBaseUrl: string; now: () => Date },
) {
  // The app's own fetch once it exists (webhooks to our API are answered in-process, like Stripe's locally).
  let dispatch: Dispatch = (request) => fetch(request);
  const subscriptions = async (account: string): Promise<Subscription[]> => {
    const { Items = [] } = await store.doc.send(
      new QueryCommand({
        TableName: store.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': hookKey(account, '').pk },
      }),
    );
    return Items as Subscription[];
  };

  /** Calendly's delivery: the envelope, signed with each subscribed hook's key; the first refusal's status. */
  async function deliver(account: string, envelope: { event: string } & Record<string, unknown>) {
    const body = JSON.stringify(envelope);
    for (const hook of await subscriptions(account)) {
      if (!hook.events.includes(envelope.event)) continue;
      const response = await dispatch(
        new Request(hook.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Calendly-Webhook-Signature': signCalendlyPayload(
              body,
              hook.signing_key,
              Math.floor(options.now().getTime() / 1000),
            ),
          },
          body,
        }),
      );
      if (!response.ok) return response.status;
    }
    return undefined;
  }

  const api = new Hono<Env>();
  api.use('*', async (c, next) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const grant = token ? await grants.getAccessToken(SERVICE, token) : undefined;
    if (!grant) return calendlyError(c, 401, 'Unauthenticated', 'The access token is invalid');
    c.set('account', grant.account);
    return next();
  });
  api.get('/users/me', (c) =>
    c.json({
      resource: {
        uri: userUri(c.get('account')),
        name: c.get('account'),
        email: c.get('account'),
        scheduling_url: `${options.publicBaseUrl}${LOCAL_CALENDLY_BOOK_PATH}/${encodeURIComponent(c.get('account'))}`,
        timezone: 'UTC',
        current_organization: LOCAL_ORGANIZATION,
      },
    }),
  );
  /** The account's events overlapping the range the query names, or undefined when it names none. */
  const eventsInQueryRange = async (
    c: Context<Env>,
    from: string,
    to: string,
    account = c.get('account'),
  ) => {
    const parsed = rangeQuery(from, to).safeParse(c.req.query());
    if (!parsed.success) return undefined;
    return events.overlapping(
      SERVICE,
      account,
      new Date(String(parsed.data[from])),
      new Date(String(parsed.data[to])),
    );
  };
  // Every local account is a member of the one local organisation (a salon's stylists of the owner's).
  api.get('/organization_memberships', (c) => {
    const email = c.req.query('email') ?? c.get('account');
    if (!c.req.query('organization') && !c.req.query('user'))
      return calendlyError(c, 400, 'Invalid Argument', 'organization or user is required');
    return c.json({
      collection: [
        {
          uri: `https://api.calendly.local/organization_memberships/${encodeURIComponent(email)}`,
          role: email === c.get('account') ? 'owner' : 'user',
          organization: LOCAL_ORGANIZATION,
          user: { uri: userUri(email), email, name: email },
        },
      ],
      pagination: { next_page: null },
    });
  });
  api.get('/user_busy_times', async (c) => {
    // `user` (required, as Calendly's): a user URI of the organisation, the owner's own or a staff member's
    // (another local account, whose events its local calendar page holds).
    const user = c.req.query('user') ?? '';
    const account = user.startsWith(USER_URI_PREFIX)
      ? decodeURIComponent(user.slice(USER_URI_PREFIX.length))
      : undefined;
    if (!account) return calendlyError(c, 400, 'Invalid Argument', 'user must be a user URI');
    const found = await eventsInQueryRange(c, 'start_time', 'end_time', account);
    if (!found) return calendlyError(c, 400, 'Invalid Argument', 'start_time and end_time are required');
    return c.json({
      collection: found.map((e) => ({ type: 'calendly', start_time: e.start, end_time: e.end })),
    });
  });
  api.get('/scheduled_events', async (c) => {
    const found = await eventsInQueryRange(c, 'min_start_time', 'max_start_time');
    if (!found)
      return calendlyError(c, 400, 'Invalid Argument', 'min_start_time and max_start_time are required');
    return c.json({
      collection: found.map((e) => ({
        uri: eventUri(e.id),
        name: e.summary,
        status: 'active',
        start_time: e.start,
        end_time: e.end,
      })),
      pagination: { next_page: null },
    });
  });
  api.post('/scheduled_events/:uuid/cancellation', async (c) => {
    const found = await events.find(SERVICE, c.get('account'), c.req.param('uuid'));
    if (!found) return calendlyError(c, 404, 'Resource Not Found', 'The event does not exist');
    await events.remove(SERVICE, c.get('account'), found);
    return c.json({ resource: { canceled_by: c.get('account'), reason: 'Cancelled' } }, 201);
  });
  api.post('/webhook_subscriptions', async (c) => {
    const body = z
      .object({
        url: z.url(),
        events: z.array(z.enum(['invitee.created', 'invitee.canceled'])).min(1),
        scope: z.literal('user'),
        signing_key: z.string().min(1),
      })
      .safeParse(await c.req.json().catch(() => undefined));
    if (!body.success)
      return calendlyError(c, 400, 'Invalid Argument', 'url, events, scope and signing_key are required');
    const key = hookKey(c.get('account'), body.data.url);
    const existing = await store.doc.send(new GetCommand({ TableName: store.tableName, Key: key }));
    if (existing.Item) return calendlyError(c, 409, 'Already Exists', 'Hook with this url already exists');
    await store.doc.send(
      new PutCommand({
        TableName: store.tableName,
        Item: { ...key, url: body.data.url, signing_key: body.data.signing_key, events: body.data.events },
      }),
    );
    return c.json(
      { resource: { callback_url: body.data.url, state: 'active', events: body.data.events } },
      201,
    );
  });

  const server = new Hono();
  server.route(LOCAL_CALENDLY_API_BASE, api);

  server.get(`${LOCAL_CALENDLY_BOOK_PATH}/:account`, (c) => {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(c.req.query('date') ?? '') ? c.req.query('date')! : '';
    return c.html(
      bookingPage({
        account: c.req.param('account'),
        start: date ? `${date}T10:00` : '',
        name: c.req.query('name') ?? '',
        token: c.req.query('utm_content') ?? '',
        notice: c.req.query('notice'),
      }),
    );
  });
  server.post(`${LOCAL_CALENDLY_BOOK_PATH}/:account`, async (c) => {
    const account = c.req.param('account');
    const form = z
      .object({
        name: z.string().trim().min(1).max(100),
        start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
        tz: z.string().refine(isValidTimeZone),
        utm_content: z.string().max(100).optional(),
      })
      .safeParse(await c.req.parseBody());
    const back = (notice: string) =>
      c.redirect(
        `${LOCAL_CALENDLY_BOOK_PATH}/${encodeURIComponent(account)}?notice=${encodeURIComponent(notice)}`,
        303,
      );
    if (!form.success) return back('Give your name and a time.');
    const [date, time] = form.data.start.split('T') as [string, string];
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    const start = zonedInstant({ year, month, day, hour, minute }, form.data.tz);
    const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
    // Like Calendly's page, a time already taken cannot be picked.
    if ((await events.overlapping(SERVICE, account, start, end)).length > 0) {
      return back('That time is no longer available. Pick another.');
    }
    const created = await events.create(SERVICE, account, {
      summary: form.data.name,
      description: 'Booked on the local Calendly page',
      start: start.toISOString(),
      end: end.toISOString(),
    });
    const invitee = `${eventUri(created.id)}/invitees/${randomBytes(8).toString('hex')}`;
    const token = form.data.utm_content || null;
    const refused = await deliver(account, {
      event: 'invitee.created',
      created_at: options.now().toISOString(),
      created_by: userUri(account),
      payload: {
        uri: invitee,
        name: form.data.name,
        status: 'active',
        scheduled_event: { uri: eventUri(created.id), start_time: created.start, end_time: created.end },
        tracking: { utm_content: token },
      },
    });
    if (refused) return back(`The booking was made, but its webhook was refused (${refused}).`);
    return c.html(
      htmlPage({
        title: 'Scheduled',
        styles: LOCAL_CALENDAR_PAGE_STYLES,
        body: html`<main>
          <p class="vendor">Calendly (local)</p>
          <h1 data-testid="calendly-scheduled">You are scheduled</h1>
          <section>
            <p>${form.data.name}, ${created.start.replace('T', ' ').slice(0, 16)} UTC.</p>
            <form
              method="post"
              action="${LOCAL_CALENDLY_BOOK_PATH}/${encodeURIComponent(account)}/events/${created.id}/cancel"
            >
              <input type="hidden" name="invitee" value="${invitee}" />
              <input type="hidden" name="name" value="${form.data.name}" />
              <input type="hidden" name="utm_content" value="${token ?? ''}" />
              <button class="danger" type="submit">Cancel event</button>
            </form>
          </section>
        </main>`,
      }),
    );
  });
  // The invitee cancels from Calendly's confirmation: the event goes and invitee.canceled is delivered.
  server.post(`${LOCAL_CALENDLY_BOOK_PATH}/:account/events/:id/cancel`, async (c) => {
    const account = c.req.param('account');
    const form = z
      .object({
        invitee: z.string().min(1).max(300),
        name: z.string().max(100),
        utm_content: z.string().max(100),
      })
      .safeParse(await c.req.parseBody());
    const found = await events.find(SERVICE, account, c.req.param('id'));
    if (!form.success || !found) return c.notFound();
    await events.remove(SERVICE, account, found);
    const refused = await deliver(account, {
      event: 'invitee.canceled',
      created_at: options.now().toISOString(),
      created_by: userUri(account),
      payload: {
        uri: form.data.invitee,
        name: form.data.name,
        status: 'canceled',
        scheduled_event: { uri: eventUri(found.id), start_time: found.start, end_time: found.end },
        tracking: { utm_content: form.data.utm_content || null },
      },
    });
    return c.html(
      htmlPage({
        title: 'Cancelled',
        styles: LOCAL_CALENDAR_PAGE_STYLES,
        body: html`<main>
          <p class="vendor">Calendly (local)</p>
          <h1 data-testid="calendly-cancelled">Event cancelled</h1>
          ${refused ? html`<p class="notice">Its webhook was refused (${refused}).</p>` : raw('')}
        </main>`,
      }),
    );
  });

  return {
    server,
    /** Webhooks to our own API go through the app itself (set once the app exists). */
    useDispatch(next: Dispatch) {
      dispatch = next;
    },
  };
}

function bookingPage(input: {
  account: string;
  start: string;
  name: string;
  token: string;
  notice?: string | undefined;
}) {
  return htmlPage({
    title: `Book with ${input.account}`,
    styles: LOCAL_CALENDAR_PAGE_STYLES,
    body: html`<main>
      <p class="vendor">Calendly (local): the scheduling page the assistant texted</p>
      <h1>Book a time with ${input.account}</h1>
      ${input.notice ? html`<p class="notice" role="status">${input.notice}</p>` : raw('')}
      <section>
        <form class="add" method="post">
          <label>Your name <input name="name" value="${input.name}" required /></label>
          <label>Start <input name="start" type="datetime-local" value="${input.start}" required /></label>
          <label
            >Time zone
            <select name="tz">
              ${LOCAL_ZONES.map(
                (zone) =>
                  html`<option value="${zone}" ${zone === 'America/Los_Angeles' ? 'selected' : ''}>
                    ${zone}
                  </option>`,
              )}
            </select>
          </label>
          <input type="hidden" name="utm_content" value="${input.token}" />
          <button class="primary" type="submit">Schedule event</button>
        </form>
      </section>
    </main>`,
  });
}
