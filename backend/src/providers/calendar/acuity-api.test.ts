import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonApiFake } from '../../../../tests/fakes/json-api/json-api-fake';
import { createAcuityApi } from './acuity-api';
import { CalendarAuthError, CalendarUnavailableError } from './calendar-api-types';

describe('Acuity adapter against a fake of its API v1', () => {
  const fake = jsonApiFake();
  let api: ReturnType<typeof createAcuityApi>;
  beforeAll(async () => {
    api = createAcuityApi({ baseUrl: await fake.start() });
  });
  afterAll(() => fake.stop());
  const from = new Date('2026-11-24T14:00:00Z');
  const to = new Date('2026-11-24T22:00:00Z');

  it('reads busy time from appointments (not cancelled ones) and blocked-off time', async () => {
    fake.answer(({ url }) =>
      url.startsWith('/api/v1/blocks')
        ? { status: 200, body: [{ start: '2026-11-24T12:00:00-0500', end: '2026-11-24T13:00:00-0500' }] }
        : {
            status: 200,
            body: [
              {
                id: 7,
                datetime: '2026-11-24T10:00:00-0500',
                duration: '45',
                firstName: 'Dana',
                lastName: 'Lee',
                type: 'Color',
              },
              { id: 8, datetime: '2026-11-24T11:00:00-0500', duration: '30', canceled: true },
            ],
          },
    );
    expect(await api.busy('at-1', from, to)).toEqual([
      { start: new Date('2026-11-24T15:00:00Z'), end: new Date('2026-11-24T15:45:00Z') },
      { start: new Date('2026-11-24T17:00:00Z'), end: new Date('2026-11-24T18:00:00Z') },
    ]);
    expect(fake.seen.map((r) => r.url.split('?')[0]).sort()).toEqual([
      '/api/v1/appointments',
      '/api/v1/blocks',
    ]);
    expect(fake.seen[0]!.auth).toBe('Bearer at-1');
    const events = await api.events('at-1', from, to);
    expect(events).toEqual([
      {
        id: '7',
        start: new Date('2026-11-24T15:00:00Z'),
        end: new Date('2026-11-24T15:45:00Z'),
        summary: 'Color: Dana Lee',
      },
    ]);
  });

  it("reads one calendar's appointments and blocks (a staff member's) by its calendarID", async () => {
    fake.seen.length = 0;
    // As Acuity: calendarID narrows both lists to that calendar.
    fake.answer(({ url }) => {
      const jordans = new URL(url, 'http://x').searchParams.get('calendarID') === '4242';
      if (url.startsWith('/api/v1/blocks'))
        return {
          status: 200,
          body: jordans ? [{ start: '2026-11-24T09:00:00-0500', end: '2026-11-24T09:30:00-0500' }] : [],
        };
      return {
        status: 200,
        body: jordans ? [] : [{ id: 9, datetime: '2026-11-24T13:00:00-0500', duration: '30' }],
      };
    });
    expect(await api.busy('at-1', from, to, '4242')).toEqual([
      { start: new Date('2026-11-24T14:00:00Z'), end: new Date('2026-11-24T14:30:00Z') },
    ]);
    expect(fake.seen.every((r) => r.url.includes('calendarID=4242'))).toBe(true);
    expect(await api.busy('at-1', from, to)).toEqual([
      { start: new Date('2026-11-24T18:00:00Z'), end: new Date('2026-11-24T18:30:00Z') },
    ]);
  });

  it('books as the admin with the appointment type of the slot length, the client named, and no Acuity e-mail', async () => {
    fake.answer(({ url }) =>
      url === '/api/v1/appointment-types'
        ? {
            status: 200,
            body: [
              { id: 3, duration: 60, active: true },
              { id: 4, duration: 30, active: true },
            ],
          }
        : { status: 200, body: { id: 99, datetime: '2026-11-24T14:00:00-0500', duration: '30' } },
    );
    const start = new Date('2026-11-24T19:00:00Z');
    const created = await api.createEvent('at-1', {
      start,
      end: new Date('2026-11-24T19:30:00Z'),
      summary: 'Haircut: Sam Rivera',
      description: 'Booked by the assistant',
      customer: { name: 'Sam Rivera', phone: '+14155550123' },
    });
    expect(created).toEqual({ id: '99' });
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/v1/appointments?admin=true&noEmail=true',
      body: {
        appointmentTypeID: 4,
        datetime: start.toISOString(),
        firstName: 'Sam',
        lastName: 'Rivera',
        phone: '+14155550123',
      },
    });
  });

  it('moves and cancels appointments; cancelling one that is gone succeeds', async () => {
    fake.answer(({ url }) =>
      url.includes('/cancel')
        ? { status: 404, body: { status_code: 404 } }
        : { status: 200, body: { id: 99 } },
    );
    await api.moveEvent('at-1', '99', { start: from, end: to });
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/appointments/99/reschedule?admin=true',
      body: { datetime: from.toISOString() },
    });
    await expect(api.deleteEvent('at-1', '99')).resolves.toBeUndefined();
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/appointments/99/cancel?admin=true&noEmail=true',
    });
  });

  it('a revoked token is an auth error; a 5xx, a bad answer or no appointment type is unavailability', async () => {
    fake.answer(() => ({ status: 401, body: { status_code: 401, error: 'unauthorized' } }));
    await expect(api.busy('revoked', from, to)).rejects.toBeInstanceOf(CalendarAuthError);
    fake.answer(() => ({ status: 502, body: {} }));
    await expect(api.events('at-1', from, to)).rejects.toBeInstanceOf(CalendarUnavailableError);
    fake.answer(() => ({ status: 200, body: { not: 'a list' } }));
    await expect(api.events('at-1', from, to)).rejects.toBeInstanceOf(CalendarUnavailableError);
    fake.answer(() => ({ status: 200, body: [{ id: 3, duration: 30, active: false }] }));
    await expect(
      api.createEvent('at-1', { start: from, end: to, summary: 'Sam', description: '' }),
    ).rejects.toBeInstanceOf(CalendarUnavailableError);
  });

  it('reads the connected account from /me', async () => {
    fake.answer(() => ({ status: 200, body: { id: 1, email: 'owner@salon.example' } }));
    expect(await api.account('at-1')).toBe('owner@salon.example');
  });
});
