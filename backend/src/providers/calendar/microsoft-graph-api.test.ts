import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarAuthError, CalendarUnavailableError } from './calendar-api-types';
import { createMicrosoftCalendarOAuth } from './microsoft';
import { createMicrosoftGraphApi } from './microsoft-graph-api';
import { OAuthGrantError } from './oauth-types';
import { codeChallengeS256, createCodeVerifier } from './pkce';
import {
  startFakeMicrosoftGraph,
  type FakeMicrosoftGraph,
} from '../../../../tests/fakes/microsoft-graph/fake-microsoft-graph';

const CLIENT = { clientId: '00000000-1111-2222-3333-444444444444', clientSecret: 'graph-secret' };
const REDIRECT_URI = 'https://api.ringly.example/oauth/outlook_calendar/callback';
const now = () => new Date('2026-11-24T12:00:00Z');

describe('Outlook (Microsoft 365) adapters against a fake of Microsoft identity and Graph', () => {
  let fake: FakeMicrosoftGraph;
  let oauth: ReturnType<typeof createMicrosoftCalendarOAuth>;
  let api: ReturnType<typeof createMicrosoftGraphApi>;
  let accessToken: string;
  let refreshToken: string;
  beforeAll(async () => {
    fake = await startFakeMicrosoftGraph(CLIENT);
    oauth = createMicrosoftCalendarOAuth({ ...CLIENT, baseUrl: fake.url }, now);
    api = createMicrosoftGraphApi({ baseUrl: fake.url });
  });
  afterAll(() => fake.close());
  const from = new Date('2026-11-24T14:00:00Z');
  const to = new Date('2026-11-24T22:00:00Z');

  it('asks for consent on the common endpoint with PKCE, offline access and account selection', () => {
    const url = new URL(
      oauth.authorizationUrl({
        state: 's'.repeat(32),
        codeChallenge: codeChallengeS256(createCodeVerifier()),
        redirectUri: REDIRECT_URI,
        loginHint: 'dana@contoso.example',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/common/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      response_mode: 'query',
      scope: 'offline_access Calendars.ReadWrite User.Read',
      code_challenge_method: 'S256',
      prompt: 'select_account',
      login_hint: 'dana@contoso.example',
    });
    expect(url.searchParams.get('client_secret')).toBeNull();
    // Production hosts when no fake is configured.
    const real = createMicrosoftCalendarOAuth({ ...CLIENT, baseUrl: undefined }, now);
    expect(
      real.authorizationUrl({ state: 's', codeChallenge: 'c'.repeat(43), redirectUri: REDIRECT_URI }),
    ).toMatch(/^https:\/\/login\.microsoftonline\.com\/common\/oauth2\/v2\.0\/authorize\?/);
  });

  it('redeems the code with its verifier (form-encoded), and refuses a wrong verifier as invalid_grant', async () => {
    const verifier = createCodeVerifier();
    const authorize = (v: string) =>
      oauth.authorizationUrl({ state: 's', codeChallenge: codeChallengeS256(v), redirectUri: REDIRECT_URI });
    const wrong = fake.approve(authorize(verifier));
    await expect(
      oauth.exchangeCode({ code: wrong, codeVerifier: createCodeVerifier(), redirectUri: REDIRECT_URI }),
    ).rejects.toMatchObject({ code: 'invalid_grant', message: expect.stringContaining('AADSTS501481') });

    const code = fake.approve(authorize(verifier));
    const tokens = await oauth.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI });
    expect(tokens.refreshToken).toBeDefined();
    expect(tokens.expiresAt).toBe(now().getTime() + 3599 * 1000);
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/common/oauth2/v2.0/token',
      contentType: 'application/x-www-form-urlencoded',
      body: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
      },
    });
    accessToken = tokens.accessToken;
    refreshToken = tokens.refreshToken!;
  });

  it('gets a new refresh token on every refresh (Microsoft rotates them), asking for the same scopes', async () => {
    const first = await oauth.refresh(refreshToken);
    expect(first.refreshToken).toBeDefined();
    expect(first.refreshToken).not.toBe(refreshToken);
    expect(fake.seen.at(-1)!.body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      scope: 'offline_access Calendars.ReadWrite User.Read',
    });
    const second = await oauth.refresh(first.refreshToken!);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    accessToken = second.accessToken;
    refreshToken = second.refreshToken!;
  });

  it("reads the account's address: mail, else the sign-in name", async () => {
    expect(await api.account(accessToken)).toBe('dana@contoso.example');
    expect(fake.seen.at(-1)).toMatchObject({ method: 'GET', url: expect.stringMatching(/^\/v1\.0\/me\?/) });
    fake.user.mail = null;
    fake.user.userPrincipalName = 'dana@live.example';
    const other = createMicrosoftGraphApi({ baseUrl: fake.url });
    expect(await other.account(accessToken)).toBe('dana@live.example');
    fake.user.mail = 'dana@contoso.example';
    fake.user.userPrincipalName = 'dana@contoso.example';
  });

  it('reads free/busy by getSchedule in UTC, counting busy, tentative and away; free and elsewhere are open', async () => {
    fake.addEvent({ subject: 'Dentist', start: '2026-11-24T16:00:00Z', end: '2026-11-24T17:00:00Z' });
    fake.addEvent({
      subject: 'Maybe lunch',
      start: '2026-11-24T18:00:00Z',
      end: '2026-11-24T18:30:00Z',
      showAs: 'tentative',
    });
    fake.addEvent({
      subject: 'Focus',
      start: '2026-11-24T19:00:00Z',
      end: '2026-11-24T20:00:00Z',
      showAs: 'free',
    });
    fake.addEvent({
      subject: 'From home',
      start: '2026-11-24T20:00:00Z',
      end: '2026-11-24T21:00:00Z',
      showAs: 'workingElsewhere',
    });
    fake.addEvent({ subject: 'Tomorrow', start: '2026-11-25T16:00:00Z', end: '2026-11-25T17:00:00Z' });
    expect(await api.busy(accessToken, from, to)).toEqual([
      { start: new Date('2026-11-24T16:00:00Z'), end: new Date('2026-11-24T17:00:00Z') },
      { start: new Date('2026-11-24T18:00:00Z'), end: new Date('2026-11-24T18:30:00Z') },
    ]);
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1.0/me/calendar/getSchedule',
      auth: `Bearer ${accessToken}`,
      prefer: 'outlook.timezone="UTC"',
      body: {
        schedules: ['dana@contoso.example'],
        startTime: { dateTime: '2026-11-24T14:00:00', timeZone: 'UTC' },
        endTime: { dateTime: '2026-11-24T22:00:00', timeZone: 'UTC' },
        availabilityViewInterval: 15,
      },
    });
  });

  it("reads another mailbox's free/busy (a staff member's) by its address, not the signed-in one's", async () => {
    fake.addMailboxEvent('jordan@contoso.example', {
      subject: 'Jordan: school run',
      start: '2026-11-24T15:00:00Z',
      end: '2026-11-24T15:30:00Z',
    });
    expect(await api.busy(accessToken, from, to, 'jordan@contoso.example')).toEqual([
      { start: new Date('2026-11-24T15:00:00Z'), end: new Date('2026-11-24T15:30:00Z') },
    ]);
    expect(fake.seen.at(-1)).toMatchObject({
      url: '/v1.0/me/calendar/getSchedule',
      body: { schedules: ['jordan@contoso.example'] },
    });
    // The owner's own busy times are not the staff member's.
    expect(await api.busy(accessToken, from, to)).not.toContainEqual({
      start: new Date('2026-11-24T15:00:00Z'),
      end: new Date('2026-11-24T15:30:00Z'),
    });
  });

  it('asks getSchedule in parts of less than 42 days when the window is longer (the booking horizon is 60)', async () => {
    fake.addEvent({ subject: 'Late', start: '2027-01-20T16:00:00Z', end: '2027-01-20T17:00:00Z' });
    const before = fake.seen.length;
    const busy = await api.busy(accessToken, from, new Date(from.getTime() + 62 * 86_400_000));
    expect(busy).toContainEqual({
      start: new Date('2027-01-20T16:00:00Z'),
      end: new Date('2027-01-20T17:00:00Z'),
    });
    expect(busy).toContainEqual({
      start: new Date('2026-11-24T16:00:00Z'),
      end: new Date('2026-11-24T17:00:00Z'),
    });
    const asked = fake.seen.slice(before).filter((r) => r.url.endsWith('/getSchedule'));
    expect(asked).toHaveLength(2);
  });

  it('lists events of the window through calendarView pages, leaving out cancelled and free ones', async () => {
    fake.addEvent({
      subject: 'Cancelled',
      start: '2026-11-24T15:00:00Z',
      end: '2026-11-24T15:30:00Z',
      isCancelled: true,
    });
    const found = await api.events(accessToken, from, to);
    expect(found.map((e) => e.summary).sort()).toEqual(['Dentist', 'From home', 'Maybe lunch']);
    expect(found.find((e) => e.summary === 'Dentist')!.start).toEqual(new Date('2026-11-24T16:00:00Z'));
    const pages = fake.seen.filter((r) => r.url.startsWith('/v1.0/me/calendarView'));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]!.url).toContain(`startDateTime=${encodeURIComponent(from.toISOString())}`);
    expect(pages.at(-1)!.url).toContain('%24skip=');
  });

  it('creates an event with its booking as transactionId (a retry gives the same event), moves and deletes it', async () => {
    const start = new Date('2026-11-26T19:00:00Z');
    const end = new Date('2026-11-26T20:00:00Z');
    const event = { start, end, summary: 'Haircut: Sam', description: 'Booked', reference: 'appt-1' };
    const { id } = await api.createEvent(accessToken, event);
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1.0/me/events',
      body: {
        subject: 'Haircut: Sam',
        body: { contentType: 'text', content: 'Booked' },
        start: { dateTime: '2026-11-26T19:00:00', timeZone: 'UTC' },
        end: { dateTime: '2026-11-26T20:00:00', timeZone: 'UTC' },
        transactionId: 'appt-1',
      },
    });
    expect(await api.createEvent(accessToken, event)).toEqual({ id });
    expect([...fake.events.values()].filter((e) => e.transactionId === 'appt-1')).toHaveLength(1);
    // The same transactionId for a different event is Graph's 400: the vendor's trouble, not a consent one.
    await expect(
      api.createEvent(accessToken, { ...event, summary: 'Something else' }),
    ).rejects.toBeInstanceOf(CalendarUnavailableError);

    await api.moveEvent(accessToken, id, { start: end, end: new Date(end.getTime() + 3_600_000) });
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'PATCH',
      url: `/v1.0/me/events/${id}`,
      body: { start: { dateTime: '2026-11-26T20:00:00', timeZone: 'UTC' } },
    });
    expect(fake.events.get(id)!.start.dateTime).toBe('2026-11-26T20:00:00.0000000');
    await api.deleteEvent(accessToken, id);
    expect(fake.events.has(id)).toBe(false);
    // Already deleted (by the owner in Outlook): 404 ErrorItemNotFound, the same outcome.
    await expect(api.deleteEvent(accessToken, id)).resolves.toBeUndefined();
  });

  it('waits out a short Retry-After once; a long one is unavailability', async () => {
    fake.throttleNext(429, '0');
    expect(await api.account(`${accessToken}`)).toBe('dana@contoso.example');
    const before = fake.seen.length;
    fake.throttleNext(503, '1');
    await expect(api.events(accessToken, from, to)).resolves.toHaveLength(3);
    expect(fake.seen.length - before).toBeGreaterThanOrEqual(3);
    fake.throttleNext(429, '120');
    await expect(api.events(accessToken, from, to)).rejects.toThrow(
      new CalendarUnavailableError('Microsoft Graph answered 429; retry after 120 s'),
    );
  });

  it('a refused or withdrawn token is an auth error; an unknown mailbox in getSchedule is unavailability', async () => {
    await expect(api.busy('not-a-token', from, to)).rejects.toBeInstanceOf(CalendarAuthError);
    fake.forbid(true);
    await expect(api.events(accessToken, from, to)).rejects.toBeInstanceOf(CalendarAuthError);
    fake.forbid(false);
    // getSchedule answers an error entry, not an HTTP error, for a mailbox it does not know.
    const stale = createMicrosoftGraphApi({
      baseUrl: fake.url,
      fetch: async (input, init) =>
        fetch(input, {
          ...init,
          ...(input.endsWith('/getSchedule')
            ? {
                body: JSON.stringify({
                  ...(JSON.parse(String(init.body)) as object),
                  schedules: ['nobody@contoso.example'],
                }),
              }
            : {}),
        }),
    });
    await expect(stale.busy(accessToken, from, to)).rejects.toThrow('ErrorMailRecipientNotFound');
  });

  it('a revoked consent refuses the refresh with invalid_grant (AADSTS50173): the connection must be renewed', async () => {
    fake.revokeConsent();
    const refused = oauth.refresh(refreshToken);
    await expect(refused).rejects.toBeInstanceOf(OAuthGrantError);
    await expect(refused).rejects.toMatchObject({
      code: 'invalid_grant',
      message: expect.stringContaining('AADSTS50173'),
    });
    await expect(api.events(accessToken, from, to)).rejects.toBeInstanceOf(CalendarAuthError);
  });
});
