import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarAuthError, CalendarUnavailableError } from './calendar-api-types';
import { createGoogleCalendarApi } from './google-calendar-api';
import { jsonApiFake } from '../../../../tests/fakes/json-api/json-api-fake';

describe('Google Calendar adapter against a fake of its REST API', () => {
  const fake = jsonApiFake();
  let api: ReturnType<typeof createGoogleCalendarApi>;
  beforeAll(async () => {
    api = createGoogleCalendarApi({ baseUrl: await fake.start() });
  });
  afterAll(() => fake.stop());
  const from = new Date('2026-11-24T14:00:00Z');
  const to = new Date('2026-11-24T22:00:00Z');

  it('reads free/busy of the primary calendar with the bearer token', async () => {
    fake.answer(() => ({
      status: 200,
      body: {
        calendars: { primary: { busy: [{ start: '2026-11-24T16:00:00Z', end: '2026-11-24T17:00:00Z' }] } },
      },
    }));
    expect(await api.busy('at-1', from, to)).toEqual([
      { start: new Date('2026-11-24T16:00:00Z'), end: new Date('2026-11-24T17:00:00Z') },
    ]);
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/calendar/v3/freeBusy',
      auth: 'Bearer at-1',
      body: { timeMin: from.toISOString(), timeMax: to.toISOString(), items: [{ id: 'primary' }] },
    });
  });

  it("reads free/busy of another calendar (a staff member's) by its id, keyed by that id", async () => {
    // As Google: the answer holds each calendar asked for under its own id.
    fake.answer(({ body }) => {
      const ids = (body as { items: Array<{ id: string }> }).items.map((item) => item.id);
      const busyOf = (id: string) =>
        id === 'jordan@bella.example'
          ? [{ start: '2026-11-24T15:00:00Z', end: '2026-11-24T16:00:00Z' }]
          : [{ start: '2026-11-24T18:00:00Z', end: '2026-11-24T19:00:00Z' }];
      return {
        status: 200,
        body: { calendars: Object.fromEntries(ids.map((id) => [id, { busy: busyOf(id) }])) },
      };
    });
    expect(await api.busy('at-1', from, to, 'jordan@bella.example')).toEqual([
      { start: new Date('2026-11-24T15:00:00Z'), end: new Date('2026-11-24T16:00:00Z') },
    ]);
    expect(fake.seen.at(-1)).toMatchObject({ body: { items: [{ id: 'jordan@bella.example' }] } });
    expect(await api.busy('at-1', from, to)).toEqual([
      { start: new Date('2026-11-24T18:00:00Z'), end: new Date('2026-11-24T19:00:00Z') },
    ]);
  });

  it('a calendar the account cannot see is an error, not an empty day', async () => {
    fake.answer(() => ({
      status: 200,
      body: { calendars: { 'x@bella.example': { busy: [], errors: [{ reason: 'notFound' }] } } },
    }));
    await expect(api.busy('at-1', from, to, 'x@bella.example')).rejects.toBeInstanceOf(
      CalendarUnavailableError,
    );
  });

  it('lists events, leaving out cancelled and free ones, and follows pages', async () => {
    fake.answer(({ url }) =>
      url.includes('pageToken=p2')
        ? {
            status: 200,
            body: { items: [{ id: 'e3', start: { date: '2026-11-24' }, end: { date: '2026-11-25' } }] },
          }
        : {
            status: 200,
            body: {
              nextPageToken: 'p2',
              items: [
                {
                  id: 'e1',
                  summary: 'Dentist',
                  start: { dateTime: '2026-11-24T16:00:00Z' },
                  end: { dateTime: '2026-11-24T17:00:00Z' },
                },
                {
                  id: 'e2',
                  status: 'cancelled',
                  start: { dateTime: '2026-11-24T18:00:00Z' },
                  end: { dateTime: '2026-11-24T19:00:00Z' },
                },
                {
                  id: 'e4',
                  transparency: 'transparent',
                  start: { dateTime: '2026-11-24T18:00:00Z' },
                  end: { dateTime: '2026-11-24T19:00:00Z' },
                },
              ],
            },
          },
    );
    const found = await api.events('at-1', from, to);
    expect(found.map((e) => e.id)).toEqual(['e1', 'e3']);
    expect(found[1]!.start).toEqual(new Date('2026-11-24T00:00:00Z'));
    expect(fake.seen.at(-2)!.url).toContain('singleEvents=true');
  });

  it('creates, moves and deletes events on the primary calendar; a delete of a gone event succeeds', async () => {
    fake.answer(({ method }) =>
      method === 'POST'
        ? { status: 200, body: { id: 'ev-9' } }
        : method === 'DELETE'
          ? { status: 410, body: { error: { code: 410 } } }
          : { status: 200, body: { id: 'ev-9' } },
    );
    const start = new Date('2026-11-24T19:00:00Z');
    const end = new Date('2026-11-24T20:00:00Z');
    expect(
      await api.createEvent('at-1', { start, end, summary: 'Haircut: Sam', description: 'Booked' }),
    ).toEqual({ id: 'ev-9' });
    expect(fake.seen.at(-1)).toMatchObject({
      url: '/calendar/v3/calendars/primary/events',
      body: {
        summary: 'Haircut: Sam',
        start: { dateTime: start.toISOString() },
        end: { dateTime: end.toISOString() },
      },
    });
    await api.moveEvent('at-1', 'ev-9', { start: end, end: new Date(end.getTime() + 3_600_000) });
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/calendar/v3/calendars/primary/events/ev-9',
    });
    await expect(api.deleteEvent('at-1', 'ev-9')).resolves.toBeUndefined();
  });

  it('an expired or revoked token is an auth error (refresh, then expire); a 5xx or a bad answer is unavailability', async () => {
    fake.answer(() => ({ status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } }));
    await expect(api.busy('old', from, to)).rejects.toBeInstanceOf(CalendarAuthError);
    fake.answer(() => ({
      status: 403,
      body: { error: { code: 403, errors: [{ reason: 'insufficientPermissions' }] } },
    }));
    await expect(api.events('at-1', from, to)).rejects.toBeInstanceOf(CalendarAuthError);
    fake.answer(() => ({ status: 503, body: { error: { code: 503 } } }));
    await expect(
      api.createEvent('at-1', { start: from, end: to, summary: 's', description: 'd' }),
    ).rejects.toBeInstanceOf(CalendarUnavailableError);
    fake.answer(() => ({
      status: 200,
      body: { calendars: { primary: { errors: [{ reason: 'notFound' }] } } },
    }));
    await expect(api.busy('at-1', from, to)).rejects.toBeInstanceOf(CalendarUnavailableError);
    fake.answer(() => ({ status: 200, body: { unexpected: true } }));
    await expect(
      api.createEvent('at-1', { start: from, end: to, summary: 's', description: 'd' }),
    ).rejects.toBeInstanceOf(CalendarUnavailableError);
  });

  it('reads the connected account from the primary calendar', async () => {
    fake.answer(() => ({ status: 200, body: { id: 'dana@example.com', summary: 'Dana' } }));
    expect(await api.account('at-1')).toBe('dana@example.com');
    expect(fake.seen.at(-1)!.url).toBe('/calendar/v3/calendars/primary');
  });
});
