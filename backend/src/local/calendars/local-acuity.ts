import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  LocalCalendarFullError,
  type LocalCalendarEvent,
  type LocalCalendarEventStore,
} from './local-calendar-events';
import type { LocalOAuthGrantStore } from './local-oauth-grants';

const SERVICE = 'acuity';
/** Where the local Acuity API answers, in Acuity's paths after it (…/api/v1/appointments). */
export const LOCAL_ACUITY_API_BASE = '/local/acuity';
/** The local account's one appointment type: the assistant's slot. */
const LOCAL_APPOINTMENT_TYPE = { id: 1, name: 'Appointment', duration: 30, active: true };

type Env = { Variables: { account: string } };

const acuityError = (c: Context, status: 400 | 401 | 404, error: string, message: string) =>
  c.json({ status_code: status, error, message }, status);

const rangeQuery = z.object({
  minDate: z.iso.datetime(),
  maxDate: z.iso.datetime(),
  calendarID: z.string().min(1).max(320).optional(),
});
const createBody = z.object({
  appointmentTypeID: z.number().int(),
  datetime: z.iso.datetime({ offset: true }),
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  phone: z.string().max(30).optional(),
  notes: z.string().max(4000).optional(),
});

const wire = (event: LocalCalendarEvent) => {
  const [firstName = '', ...rest] = event.summary.split(' ');
  return {
    id: event.id,
    datetime: event.start,
    duration: String(Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000)),
    firstName,
    lastName: rest.join(' '),
    type: LOCAL_APPOINTMENT_TYPE.name,
    notes: event.description,
    canceled: false,
  };
};

/**
 * The local stand-in of Acuity Scheduling's API v1, in its wire format: the real adapter (acuity-api.ts)
 * talks to it unchanged. Tokens are the local OAuth server's; its events are the local calendar page's
 * (local-calendar-page.ts), where a person adds busy time or removes the app's access.
 */
export function createLocalAcuityServer(grants: LocalOAuthGrantStore, events: LocalCalendarEventStore): Hono {
  const api = new Hono<Env>();
  api.use('*', async (c, next) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const grant = token ? await grants.getAccessToken(SERVICE, token) : undefined;
    if (!grant) return acuityError(c, 401, 'unauthorized', 'Unauthorized');
    c.set('account', grant.account);
    return next();
  });
  api.get('/api/v1/me', (c) => c.json({ id: 1, email: c.get('account'), timezone: 'UTC' }));
  api.get('/api/v1/appointment-types', (c) => c.json([LOCAL_APPOINTMENT_TYPE]));
  api.get('/api/v1/appointments', async (c) => {
    const parsed = rangeQuery.safeParse(c.req.query());
    if (!parsed.success) return acuityError(c, 400, 'invalid_date', 'minDate and maxDate are required');
    // `calendarID`: one of the account's calendars (a staff member's). Locally each calendar is another
    // local account, whose events its local calendar page holds.
    const found = await events.overlapping(
      SERVICE,
      parsed.data.calendarID ?? c.get('account'),
      new Date(parsed.data.minDate),
      new Date(parsed.data.maxDate),
    );
    return c.json(found.map(wire));
  });
  // Blocked-off time is kept as events on the local page, so it is listed with the appointments.
  api.get('/api/v1/blocks', (c) => c.json([]));
  api.post('/api/v1/appointments', async (c) => {
    const parsed = createBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success)
      return acuityError(
        c,
        400,
        'invalid_fields',
        'appointmentTypeID, datetime, firstName and lastName are required',
      );
    if (parsed.data.appointmentTypeID !== LOCAL_APPOINTMENT_TYPE.id)
      return acuityError(c, 400, 'invalid_appointment_type', 'The appointment type does not exist');
    const start = new Date(parsed.data.datetime);
    try {
      const created = await events.create(SERVICE, c.get('account'), {
        summary: `${parsed.data.firstName} ${parsed.data.lastName}`.trim(),
        description: parsed.data.notes ?? '',
        start: start.toISOString(),
        end: new Date(start.getTime() + LOCAL_APPOINTMENT_TYPE.duration * 60_000).toISOString(),
      });
      return c.json(wire(created));
    } catch (error) {
      if (error instanceof LocalCalendarFullError) return acuityError(c, 400, 'limit_reached', error.message);
      throw error;
    }
  });
  api.put('/api/v1/appointments/:id/reschedule', async (c) => {
    const parsed = z
      .object({ datetime: z.iso.datetime({ offset: true }) })
      .safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return acuityError(c, 400, 'invalid_datetime', 'datetime is required');
    const current = await events.find(SERVICE, c.get('account'), c.req.param('id'));
    if (!current) return acuityError(c, 404, 'not_found', 'Appointment not found');
    const start = new Date(parsed.data.datetime);
    const moved = await events.move(SERVICE, c.get('account'), current.id, {
      start: start.toISOString(),
      end: new Date(start.getTime() + (Date.parse(current.end) - Date.parse(current.start))).toISOString(),
    });
    return c.json(wire(moved!));
  });
  api.put('/api/v1/appointments/:id/cancel', async (c) => {
    const found = await events.find(SERVICE, c.get('account'), c.req.param('id'));
    if (!found) return acuityError(c, 404, 'not_found', 'Appointment not found');
    await events.remove(SERVICE, c.get('account'), found);
    return c.json({ ...wire(found), canceled: true });
  });

  const server = new Hono();
  server.route(LOCAL_ACUITY_API_BASE, api);
  return server;
}
