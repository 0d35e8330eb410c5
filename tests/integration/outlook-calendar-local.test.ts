import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import {
  LOCAL_OAUTH_CLIENT,
  registeredRedirectUri,
} from '../../backend/src/local/calendars/local-calendar-providers';
import { localCalendarPagePath } from '../../backend/src/local/calendars/local-calendar-page';
import { codeChallengeS256, createCodeVerifier } from '../../backend/src/providers/calendar/pkce';
import { answerConsent } from '../support/calendar-connect';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const SERVICE = 'outlook_calendar';
const APP_ORIGIN = 'http://localhost:5173';
const GRAPH = '/local/microsoft-graph/v1.0';

/**
 * The local stand-in of Microsoft identity and Graph (docs/decisions/180): its consent page runs the
 * authorization-code flow with state and PKCE against our callback, its token endpoint follows Microsoft's
 * rules (one-use codes bound to the challenge, rotated refresh tokens, AADSTS errors), and its Graph
 * answers in Graph's wire format with Graph's refusals.
 */
describe('Outlook (Microsoft 365) through the local consent page and the local Graph', async () => {
  const { app, doc, tableName, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'outlook-owner');
  const headers = { Authorization: `Bearer ${owner.tokens.IdToken}`, Origin: APP_ORIGIN };
  const startAuth = async () => {
    const response = await app.request(`/oauth/${SERVICE}/auth?t=${Date.now()}`, { headers });
    expect(response.status).toBe(200);
    return new URL(((await response.json()) as { auth_url: string }).auth_url);
  };
  const connections = async () =>
    ((await (await app.request('/oauth/connections', { headers })).json()) as { connections: unknown[] })
      .connections;
  const stored = async () =>
    (
      await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.calendarConnection(owner.sub, SERVICE) }),
      )
    ).Item;
  const origin = 'http://localhost';
  const token = (form: Record<string, string>) =>
    app.request(`/local/oauth/${SERVICE}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: LOCAL_OAUTH_CLIENT.id,
        client_secret: LOCAL_OAUTH_CLIENT.secret,
        ...form,
      }).toString(),
    });
  /** A code from the local consent page for a request we build ourselves (our own verifier and scope). */
  const codeFor = async (verifier: string, scope: string) => {
    const authorize = new URL(`${origin}/local/oauth/${SERVICE}/authorize`);
    for (const [name, value] of Object.entries({
      client_id: LOCAL_OAUTH_CLIENT.id,
      response_type: 'code',
      redirect_uri: registeredRedirectUri(SERVICE, origin),
      response_mode: 'query',
      scope,
      state: 'state-of-this-test',
      code_challenge: codeChallengeS256(verifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
      login_hint: 'graph-rules@local.test',
    }))
      authorize.searchParams.set(name, value);
    const redirect = await answerConsent(app, authorize, 'allow');
    expect(redirect.searchParams.get('state')).toBe('state-of-this-test');
    return redirect.searchParams.get('code')!;
  };
  const graph = (accessToken: string, method: string, path: string, body?: unknown) =>
    app.request(`${GRAPH}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it("asks Microsoft's way: response_mode, account selection, the three Graph permissions, PKCE", async () => {
    const url = await startAuth();
    expect(url.pathname).toBe(`/local/oauth/${SERVICE}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: LOCAL_OAUTH_CLIENT.id,
      response_type: 'code',
      response_mode: 'query',
      prompt: 'select_account',
      scope: 'offline_access Calendars.ReadWrite User.Read',
      code_challenge_method: 'S256',
      login_hint: owner.email,
    });
    const page = await (await app.request(url.pathname + url.search)).text();
    expect(page).toContain('Ringly wants to access your Outlook (Microsoft 365) account');
    expect(page).toContain('Have full access to your calendars');
    expect(page).toContain('Maintain access to data you have given it access to');
  });

  it('Deny comes back as access_denied: the owner declined, nothing is connected', async () => {
    const redirect = await answerConsent(app, await startAuth(), 'deny');
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    const page = await (await app.request(redirect.pathname + redirect.search)).text();
    expect(page).toContain('"reason":"declined"');
    expect(await connections()).toEqual([]);
  });

  it('Allow connects it as the owner, with tokens sealed and the local calendar page linked', async () => {
    const redirect = await answerConsent(app, await startAuth(), 'allow');
    const page = await (await app.request(redirect.pathname + redirect.search)).text();
    expect(page).toContain(`{"type":"oauth_success","service":"${SERVICE}"}`);
    expect(await connections()).toEqual([
      {
        service: SERVICE,
        status: 'connected',
        account: owner.email.toLowerCase(),
        calendar_page_url: expect.stringContaining(localCalendarPagePath(SERVICE, owner.email.toLowerCase())),
      },
    ]);
    expect((await stored())!.access_token_enc).toMatch(/^v1\./);
    // A state used once is spent: the same redirect again is refused.
    expect((await app.request(redirect.pathname + redirect.search)).status).toBe(400);
  });

  it('binds a code to its PKCE challenge and spends it on first use; errors carry AADSTS codes', async () => {
    const verifier = createCodeVerifier();
    const code = await codeFor(verifier, 'offline_access Calendars.ReadWrite User.Read');
    const base = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: registeredRedirectUri(SERVICE, origin),
    };
    const wrong = await token({ ...base, code_verifier: createCodeVerifier() });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/^AADSTS70000: PKCE verification failed/),
      error_codes: [70000],
    });
    // The code was spent by the failed attempt, as a real authorization server does.
    expect((await token({ ...base, code_verifier: verifier })).status).toBe(400);
  });

  it('rotates the refresh token on every refresh; a revoked consent is invalid_grant', async () => {
    const verifier = createCodeVerifier();
    const code = await codeFor(verifier, 'offline_access Calendars.ReadWrite User.Read');
    const issued = (await (
      await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: registeredRedirectUri(SERVICE, origin),
        code_verifier: verifier,
      })
    ).json()) as { refresh_token: string; access_token: string };
    const first = (await (
      await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token })
    ).json()) as {
      refresh_token?: string;
      access_token: string;
    };
    expect(first.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.refresh_token).not.toBe(issued.refresh_token);
    const second = (await (
      await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token! })
    ).json()) as {
      refresh_token?: string;
    };
    expect(second.refresh_token).not.toBe(first.refresh_token);

    // "Remove access" on the account's page revokes every consent it gave, rotated tokens included.
    const revoked = await app.request(`${localCalendarPagePath(SERVICE, 'graph-rules@local.test')}/revoke`, {
      method: 'POST',
    });
    expect(revoked.status).toBe(303);
    const refused = await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token! });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await graph(first.access_token, 'GET', '/me')).status).toBe(401);
  });

  it("answers in Graph's wire format with Graph's refusals", async () => {
    const verifier = createCodeVerifier();
    const exchange = async (scope: string) => {
      const code = await codeFor(verifier, scope);
      const answer = await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: registeredRedirectUri(SERVICE, origin),
        code_verifier: verifier,
      });
      return ((await answer.json()) as { access_token: string }).access_token;
    };
    const access = await exchange('offline_access Calendars.ReadWrite User.Read');
    expect(await (await graph(access, 'GET', '/me')).json()).toMatchObject({
      mail: 'graph-rules@local.test',
      userPrincipalName: 'graph-rules@local.test',
    });
    expect(await (await graph('nope', 'GET', '/me')).json()).toMatchObject({
      error: { code: 'InvalidAuthenticationToken' },
    });

    // An event created twice with one transactionId is one event; times come back as UTC wall-clock.
    const event = {
      subject: 'Haircut: Sam',
      body: { contentType: 'text', content: 'Booked' },
      start: { dateTime: '2026-12-01T17:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-01T18:00:00', timeZone: 'UTC' },
      transactionId: 'appt-42',
    };
    const created = await graph(access, 'POST', '/me/events', event);
    expect(created.status).toBe(201);
    const { id, start } = (await created.json()) as { id: string; start: unknown };
    expect(start).toEqual({ dateTime: '2026-12-01T17:00:00.0000000', timeZone: 'UTC' });
    expect(((await (await graph(access, 'POST', '/me/events', event)).json()) as { id: string }).id).toBe(id);
    const reused = await graph(access, 'POST', '/me/events', { ...event, subject: 'Another event' });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: { code: 'ErrorDuplicateTransactionId' } });

    const schedule = await graph(access, 'POST', '/me/calendar/getSchedule', {
      schedules: ['graph-rules@local.test'],
      startTime: { dateTime: '2026-12-01T00:00:00', timeZone: 'UTC' },
      endTime: { dateTime: '2026-12-02T00:00:00', timeZone: 'UTC' },
      availabilityViewInterval: 60,
    });
    const [info] = ((await schedule.json()) as { value: Array<Record<string, unknown>> }).value;
    expect(info).toMatchObject({
      scheduleId: 'graph-rules@local.test',
      availabilityView: `${'0'.repeat(17)}2${'0'.repeat(6)}`,
      scheduleItems: [
        { status: 'busy', start: { dateTime: '2026-12-01T17:00:00.0000000', timeZone: 'UTC' } },
      ],
    });
    const tooLong = await graph(access, 'POST', '/me/calendar/getSchedule', {
      schedules: ['graph-rules@local.test'],
      startTime: { dateTime: '2026-12-01T00:00:00', timeZone: 'UTC' },
      endTime: { dateTime: '2027-01-15T00:00:00', timeZone: 'UTC' },
    });
    expect(tooLong.status).toBe(400);
    expect((await graph(access, 'GET', '/me/calendarView')).status).toBe(400);
    const view = await graph(
      access,
      'GET',
      '/me/calendarView?startDateTime=2026-12-01T00:00:00Z&endDateTime=2026-12-02T00:00:00Z',
    );
    expect(((await view.json()) as { value: Array<{ id: string }> }).value.map((e) => e.id)).toEqual([id]);

    expect((await graph(access, 'DELETE', `/me/events/${id}`)).status).toBe(204);
    expect(await (await graph(access, 'DELETE', `/me/events/${id}`)).json()).toMatchObject({
      error: { code: 'ErrorItemNotFound' },
    });

    // A consent without Calendars.ReadWrite reads the profile but not the calendar: 403 ErrorAccessDenied.
    const profileOnly = await exchange('offline_access User.Read');
    expect((await graph(profileOnly, 'GET', '/me')).status).toBe(200);
    const denied = await graph(profileOnly, 'POST', '/me/events', event);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: { code: 'ErrorAccessDenied' } });
  });
});
