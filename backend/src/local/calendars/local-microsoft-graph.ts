import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  LocalCalendarFullError,
  type LocalCalendarEvent,
  type LocalCalendarEventStore,
} from './local-calendar-events';
import type { LocalOAuthGrantStore } from './local-oauth-grants';
import { fromGraphDateTime } from '../../providers/calendar/graph-date-time';

const SERVICE = 'outlook_calendar';
/** Where the local Microsoft Graph answers, in Graph's paths after it (…/v1.0/me/calendar/getSchedule). */
export const LOCAL_MICROSOFT_GRAPH_API_BASE = '/local/microsoft-graph';
/** Graph's getSchedule looks up less than 42 days at a time (its "limits and error conditions"). */
const MAX_SCHEDULE_MS = 42 * 24 * 60 * 60 * 1000;
/** What the local tenant takes for a mailbox: an e-mail address (a staff member's local account). */
const MAILBOX_ADDRESS = /^[^\s@]+@[^\s@]+$/;

type Env = { Variables: { account: string; scope: string } };
type GraphStatus = 400 | 401 | 403 | 404;

/** Graph's error body ({ error: { code, message } }), so the adapter meets the same answers as in production. */
const graphError = (c: Context, status: GraphStatus, code: string, message: string) =>
  c.json({ error: { code, message, innerError: { date: new Date().toISOString() } } }, status);
const accessDenied = (c: Context) =>
  graphError(c, 403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
/** Whether the token was granted a delegated permission (the consent's scope). */
const hasScope = (c: Context<Env>, permission: string) => c.get('scope').split(' ').includes(permission);
const notFound = (c: Context) =>
  graphError(c, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');

const dateTimeTimeZone = z.object({ dateTime: z.string(), timeZone: z.string() });
const eventBody = z.object({
  subject: z.string().max(255).optional(),
  body: z.object({ contentType: z.enum(['text', 'html']), content: z.string().max(4000) }).optional(),
  start: dateTimeTimeZone,
  end: dateTimeTimeZone,
  showAs: z.enum(['free', 'tentative', 'busy', 'oof', 'workingElsewhere']).optional(),
  transactionId: z.string().min(1).max(255).optional(),
});
const moveBody = eventBody.pick({ start: true, end: true });
const scheduleBody = z.object({
  schedules: z.array(z.string().max(320)).min(1).max(20),
  startTime: dateTimeTimeZone,
  endTime: dateTimeTimeZone,
  availabilityViewInterval: z.number().int().min(5).max(1440).optional(),
});

/** Graph's wall-clock form of an instant in UTC: seven fractional digits, no offset. */
const graphUtc = (iso: string) => ({ dateTime: `${iso.slice(0, 19)}.0000000`, timeZone: 'UTC' });

const wire = (event: LocalCalendarEvent) => ({
  '@odata.etag': `W/"${event.id}"`,
  id: event.id,
  createdDateTime: event.created_at,
  subject: event.summary,
  body: { contentType: 'text', content: event.description },
  start: graphUtc(event.start),
  end: graphUtc(event.end),
  isCancelled: false,
  showAs: 'busy',
  ...(event.transaction_id ? { transactionId: event.transaction_id } : {}),
});

/** A request's start and end as instants, or why Graph refuses them. */
const slotOf = (start: z.infer<typeof dateTimeTimeZone>, end: z.infer<typeof dateTimeTimeZone>) => {
  const from = fromGraphDateTime(start);
  const to = fromGraphDateTime(end);
  if (!from || !to) return { problem: 'A dateTime or timeZone is not valid.' } as const;
  if (to <= from) return { problem: 'The end time must be after the start time.' } as const;
  return { from, to } as const;
};

/**
 * The local stand-in of Microsoft Graph's calendar endpoints (v1.0), in Graph's wire format: the real
 * adapter (microsoft-graph-api.ts) talks to it unchanged. Tokens are the local OAuth server's: an expired
 * token or a removed consent answers 401 InvalidAuthenticationToken, a token without Calendars.ReadWrite
 * 403 ErrorAccessDenied, like Graph. Events are the local calendar page's (local-calendar-page.ts).
 */
export function createLocalMicrosoftGraphServer(
  grants: LocalOAuthGrantStore,
  events: LocalCalendarEventStore,
): Hono {
  const api = new Hono<Env>();
  api.use('*', async (c, next) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const grant = token ? await grants.getAccessToken(SERVICE, token) : undefined;
    if (!grant)
      return graphError(
        c,
        401,
        'InvalidAuthenticationToken',
        'Access token has expired or is not yet valid.',
      );
    c.set('account', grant.account);
    c.set('scope', grant.scope);
    return next();
  });
  api.get('/v1.0/me', (c) => {
    if (!hasScope(c, 'User.Read')) return accessDenied(c);
    return c.json({
      id: c.get('account'),
      displayName: c.get('account').split('@')[0],
      mail: c.get('account'),
      userPrincipalName: c.get('account'),
    });
  });

  const calendar = new Hono<Env>();
  calendar.use('*', async (c, next) => (hasScope(c, 'Calendars.ReadWrite') ? next() : accessDenied(c)));

  calendar.post('/calendar/getSchedule', async (c) => {
    const parsed = scheduleBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success)
      return graphError(c, 400, 'ErrorInvalidRequest', 'schedules, startTime and endTime are required.');
    const slot = slotOf(parsed.data.startTime, parsed.data.endTime);
    if ('problem' in slot) return graphError(c, 400, 'ErrorInvalidRequest', slot.problem!);
    if (slot.to.getTime() - slot.from.getTime() >= MAX_SCHEDULE_MS)
      return graphError(
        c,
        400,
        'ErrorInvalidRequest',
        'The time period to look up must be less than 42 days.',
      );
    const interval = (parsed.data.availabilityViewInterval ?? 30) * 60_000;
    const own = c.get('account');
    const value = await Promise.all(
      parsed.data.schedules.map(async (address) => {
        // The local tenant's mailboxes are its local accounts (a staff member's is theirs, its events on their
        // local calendar page); Graph answers an address that is no mailbox with an error entry.
        if (!MAILBOX_ADDRESS.test(address))
          return {
            scheduleId: address,
            availabilityView: '',
            scheduleItems: [],
            error: { message: 'The recipient was not found.', responseCode: 'ErrorMailRecipientNotFound' },
          };
        const mailbox = address.toLowerCase() === own.toLowerCase() ? own : address;
        const busy = await events.overlapping(SERVICE, mailbox, slot.from, slot.to);
        let view = '';
        for (let at = slot.from.getTime(); at < slot.to.getTime(); at += interval) {
          const taken = busy.some((e) => Date.parse(e.start) < at + interval && Date.parse(e.end) > at);
          view += taken ? '2' : '0';
        }
        return {
          scheduleId: address,
          availabilityView: view,
          scheduleItems: busy.map((event) => ({
            isPrivate: false,
            status: 'busy',
            subject: event.summary,
            start: graphUtc(event.start),
            end: graphUtc(event.end),
          })),
        };
      }),
    );
    return c.json({ '@odata.context': '…/$metadata#Collection(microsoft.graph.scheduleInformation)', value });
  });

  calendar.get('/calendarView', async (c) => {
    // Graph reads query option names case-insensitively.
    const query = Object.fromEntries(Object.entries(c.req.query()).map(([k, v]) => [k.toLowerCase(), v]));
    const from = Date.parse(query.startdatetime ?? '');
    const to = Date.parse(query.enddatetime ?? '');
    if (Number.isNaN(from) || Number.isNaN(to))
      return graphError(
        c,
        400,
        'ErrorInvalidParameter',
        'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
      );
    const found = await events.overlapping(SERVICE, c.get('account'), new Date(from), new Date(to));
    return c.json({ value: found.map(wire) });
  });

  calendar.post('/events', async (c) => {
    const parsed = eventBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return graphError(c, 400, 'ErrorInvalidRequest', 'start and end are required.');
    const slot = slotOf(parsed.data.start, parsed.data.end);
    if ('problem' in slot) return graphError(c, 400, 'ErrorInvalidRequest', slot.problem!);
    try {
      const wanted = {
        summary: parsed.data.subject ?? '',
        description: parsed.data.body?.content ?? '',
        start: slot.from.toISOString(),
        end: slot.to.toISOString(),
      };
      const created = await events.create(SERVICE, c.get('account'), {
        ...wanted,
        ...(parsed.data.transactionId ? { transaction_id: parsed.data.transactionId } : {}),
      });
      // A retried create (same transactionId, same event) answers the first event; the same transactionId
      // for a different event is refused, as Graph does.
      if (created.summary !== wanted.summary || created.start !== wanted.start || created.end !== wanted.end)
        return graphError(
          c,
          400,
          'ErrorDuplicateTransactionId',
          "Your request can't be completed. The TransactionId specified in the request has already been used to create a different event.",
        );
      return c.json(wire(created), 201);
    } catch (error) {
      if (error instanceof LocalCalendarFullError)
        return graphError(c, 403, 'ErrorQuotaExceeded', error.message);
      throw error;
    }
  });

  calendar.get('/events/:id', async (c) => {
    const found = await events.find(SERVICE, c.get('account'), c.req.param('id'));
    return found ? c.json(wire(found)) : notFound(c);
  });

  calendar.patch('/events/:id', async (c) => {
    const parsed = moveBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return graphError(c, 400, 'ErrorInvalidRequest', 'start and end are required.');
    const slot = slotOf(parsed.data.start, parsed.data.end);
    if ('problem' in slot) return graphError(c, 400, 'ErrorInvalidRequest', slot.problem!);
    const moved = await events.move(SERVICE, c.get('account'), c.req.param('id'), {
      start: slot.from.toISOString(),
      end: slot.to.toISOString(),
    });
    return moved ? c.json(wire(moved)) : notFound(c);
  });

  calendar.delete('/events/:id', async (c) => {
    const found = await events.find(SERVICE, c.get('account'), c.req.param('id'));
    if (!found) return notFound(c);
    await events.remove(SERVICE, c.get('account'), found);
    return c.body(null, 204);
  });

  api.route('/v1.0/me', calendar);
  const server = new Hono();
  server.route(LOCAL_MICROSOFT_GRAPH_API_BASE, api);
  return server;
}
