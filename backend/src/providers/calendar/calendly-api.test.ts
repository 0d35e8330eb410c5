import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonApiFake } from '../../../../tests/fakes/json-api/json-api-fake';
import { BookingNotSupportedError, CalendarAuthError, CalendarUnavailableError } from './calendar-api-types';
import { createCalendlyApi } from './calendly-api';

const ME = {
  resource: {
    uri: 'https://api.calendly.com/users/U1',
    email: 'owner@salon.example',
    scheduling_url: 'https://calendly.com/bella-hair',
    current_organization: 'https://api.calendly.com/organizations/O1',
  },
};

describe('Calendly adapter against a fake of its API v2', () => {
  const fake = jsonApiFake();
  let api: ReturnType<typeof createCalendlyApi>;
  beforeAll(async () => {
    api = createCalendlyApi({ baseUrl: await fake.start() });
  });
  afterAll(() => fake.stop());
  const me = (url: string) => url.startsWith('/users/me');

  it('reads the account, its scheduling link and busy times a week per request', async () => {
    fake.seen.length = 0;
    fake.answer(({ url }) =>
      me(url)
        ? { status: 200, body: ME }
        : {
            status: 200,
            body: {
              collection: url.includes('start_time=2026-11-24')
                ? [
                    {
                      type: 'calendly',
                      start_time: '2026-11-24T15:00:00.000000Z',
                      end_time: '2026-11-24T15:30:00.000000Z',
                    },
                  ]
                : [],
            },
          },
    );
    expect(await api.account('at-1')).toBe('owner@salon.example');
    expect(await api.schedulingLink!('at-1')).toBe('https://calendly.com/bella-hair');
    const busy = await api.busy('at-1', new Date('2026-11-24T00:00:00Z'), new Date('2026-12-05T00:00:00Z'));
    expect(busy).toEqual([
      { start: new Date('2026-11-24T15:00:00Z'), end: new Date('2026-11-24T15:30:00Z') },
    ]);
    const busyCalls = fake.seen.filter((r) => r.url.startsWith('/user_busy_times'));
    expect(busyCalls).toHaveLength(2);
    expect(busyCalls[0]!.url).toContain(`user=${encodeURIComponent(ME.resource.uri)}`);
    expect(busyCalls[0]!.auth).toBe('Bearer at-1');
  });

  it("reads another member's busy times (a staff member's) by their user URI", async () => {
    fake.seen.length = 0;
    const jordan = 'https://api.calendly.com/users/U2';
    fake.answer(({ url }) =>
      me(url)
        ? { status: 200, body: ME }
        : {
            status: 200,
            body: {
              collection:
                new URL(url, 'http://x').searchParams.get('user') === jordan
                  ? [{ start_time: '2026-11-24T16:00:00.000000Z', end_time: '2026-11-24T17:00:00.000000Z' }]
                  : [],
            },
          },
    );
    const from = new Date('2026-11-24T00:00:00Z');
    const to = new Date('2026-11-25T00:00:00Z');
    expect(await api.busy('at-1', from, to, jordan)).toEqual([
      { start: new Date('2026-11-24T16:00:00Z'), end: new Date('2026-11-24T17:00:00Z') },
    ]);
    // The ref is the user: no need to ask who the token's user is.
    expect(fake.seen.map((r) => r.url.split('?')[0])).toEqual(['/user_busy_times']);
    expect(await api.busy('at-1', from, to)).toEqual([]);
  });

  it("finds a member's user URI by their e-mail in the owner's organisation, and refuses a stranger", async () => {
    fake.seen.length = 0;
    const jordan = 'https://api.calendly.com/users/U2';
    fake.answer(({ url }) => {
      const query = new URL(url, 'http://x').searchParams;
      if (me(url)) return { status: 200, body: ME };
      if (url.startsWith('/organization_memberships'))
        return {
          status: 200,
          body: {
            collection:
              query.get('organization') === ME.resource.current_organization &&
              query.get('email') === 'jordan@salon.example'
                ? [{ user: { uri: jordan, email: 'jordan@salon.example' } }]
                : [],
          },
        };
      return {
        status: 200,
        body: {
          collection:
            query.get('user') === jordan
              ? [{ start_time: '2026-11-24T16:00:00.000000Z', end_time: '2026-11-24T17:00:00.000000Z' }]
              : [],
        },
      };
    });
    const from = new Date('2026-11-24T00:00:00Z');
    const to = new Date('2026-11-25T00:00:00Z');
    expect(await api.busy('at-1', from, to, 'jordan@salon.example')).toEqual([
      { start: new Date('2026-11-24T16:00:00Z'), end: new Date('2026-11-24T17:00:00Z') },
    ]);
    expect(fake.seen.map((r) => r.url.split('?')[0])).toEqual([
      '/users/me',
      '/organization_memberships',
      '/user_busy_times',
    ]);
    await expect(api.busy('at-1', from, to, 'stranger@elsewhere.example')).rejects.toBeInstanceOf(
      CalendarUnavailableError,
    );
  });

  it('cannot book or move (the link does), cancels scheduled events, and subscribes once', async () => {
    await expect(
      api.createEvent('at-1', { start: new Date(), end: new Date(), summary: 's', description: 'd' }),
    ).rejects.toBeInstanceOf(BookingNotSupportedError);
    fake.seen.length = 0;
    fake.answer(({ url, method }) =>
      me(url)
        ? { status: 200, body: ME }
        : method === 'POST' && url === '/webhook_subscriptions'
          ? { status: 409, body: { title: 'Already Exists', message: 'Hook with this url already exists' } }
          : { status: 404, body: { title: 'Resource Not Found' } },
    );
    await api.deleteEvent('at-1', 'EV1');
    expect(fake.seen.at(-1)).toMatchObject({ method: 'POST', url: '/scheduled_events/EV1/cancellation' });
    // Subscribing again (a reconnect) finds it already there: that is success.
    await api.subscribeBookings!('at-1', 'https://api.example/webhooks/calendly', 'key-0123456789abcdef');
    expect(fake.seen.at(-1)!.body).toEqual({
      url: 'https://api.example/webhooks/calendly',
      events: ['invitee.created', 'invitee.canceled'],
      organization: ME.resource.current_organization,
      user: ME.resource.uri,
      scope: 'user',
      signing_key: 'key-0123456789abcdef',
    });
  });

  it('an expired token is an auth error; an outage is the vendor being unavailable', async () => {
    fake.answer(() => ({ status: 401, body: { title: 'Unauthenticated' } }));
    await expect(api.account('old')).rejects.toBeInstanceOf(CalendarAuthError);
    fake.answer(() => ({ status: 503 }));
    await expect(api.busy('at-1', new Date(), new Date(Date.now() + 3_600_000))).rejects.toBeInstanceOf(
      CalendarUnavailableError,
    );
  });
});
