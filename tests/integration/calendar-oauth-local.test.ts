import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { LOCAL_OAUTH_CLIENT } from '../../backend/src/local/calendars/local-calendar-providers';
import { OAuthGrantError } from '../../backend/src/providers/calendar/oauth-types';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const APP_ORIGIN = 'http://localhost:5173';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A clock the test moves, to let access tokens run out. */
function movableClock() {
  let current = Date.now();
  return { now: () => new Date(current), advance: (ms: number) => (current += ms) };
}

describe('calendar OAuth against the local vendors: state + PKCE through consent, callback and refresh', async () => {
  const clock = movableClock();
  const { app, deps, doc, tableName, logLines, services } = await createTestApp({}, { now: clock.now });
  const owner = await createConfirmedUser(services, 'cal-owner');
  const other = await createConfirmedUser(services, 'cal-other');
  const ownerHeaders = { ...bearer(owner.tokens.IdToken), Origin: APP_ORIGIN };

  const startAuth = async (service = 'google_calendar') => {
    const response = await app.request(`/oauth/${service}/auth?t=${Date.now()}`, { headers: ownerHeaders });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as { auth_url: string; service: string };
    expect(body.service).toBe(service);
    return new URL(body.auth_url);
  };

  /** What the person does in the popup: open the consent page and press Allow or Deny. */
  const decide = async (authUrl: URL, decision: 'allow' | 'deny') => {
    const page = await app.request(authUrl.pathname + authUrl.search);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    const fields = Object.fromEntries(
      [...pageHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&amp;/g, '&'),
      ]),
    );
    const response = await app.request(authUrl.pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, decision }).toString(),
    });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('Location')!);
  };

  const callback = async (redirect: URL) => {
    const response = await app.request(redirect.pathname + redirect.search);
    return { status: response.status, html: await response.text(), headers: response.headers };
  };

  const connections = async (token = owner.tokens.IdToken) => {
    const response = await app.request('/oauth/connections', { headers: bearer(token) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { connections: unknown[] }).connections;
  };

  const storedConnection = async (service = 'google_calendar') =>
    (
      await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.calendarConnection(owner.sub, service) }),
      )
    ).Item;

  it('builds an authorize URL with client, our callback, scope, a 32-char state and an S256 challenge', async () => {
    const url = await startAuth();
    expect(url.pathname).toBe('/local/oauth/google_calendar/authorize');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: LOCAL_OAUTH_CLIENT.id,
      redirect_uri: `${url.origin}/oauth/google_calendar/callback`,
      scope: 'https://www.googleapis.com/auth/calendar',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = (
      await doc.send(new GetCommand({ TableName: tableName, Key: keys.oauthState(params.state!) }))
    ).Item;
    expect(state).toMatchObject({ user_id: owner.sub, service: 'google_calendar', app_origin: APP_ORIGIN });
    expect(state!.code_verifier).toMatch(/^[A-Za-z0-9]{128}$/);
  });

  it('shows a consent page with the app, the scopes and Allow / Deny', async () => {
    const url = await startAuth('calendly');
    const response = await app.request(url.pathname + url.search);
    const page = await response.text();
    expect(page).toContain('Ringly wants to access your Calendly account');
    expect(page).toContain('View and manage your scheduling links and events');
    expect(page).toMatch(/value="allow">Allow</);
    expect(page).toMatch(/value="deny">Deny</);
    expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('unsafe-none');
  });

  it('connects on Allow: the callback posts oauth_success to the app origin, tokens are stored sealed', async () => {
    expect(await connections()).toEqual([]);
    const redirect = await decide(await startAuth(), 'allow');
    expect(redirect.pathname).toBe('/oauth/google_calendar/callback');
    expect(redirect.searchParams.get('code')).toBeTruthy();

    const page = await callback(redirect);
    expect(page.status).toBe(200);
    expect(page.html).toContain('{"type":"oauth_success","service":"google_calendar"}');
    expect(page.html).toContain(`["${APP_ORIGIN}"]`);
    expect(page.html).toContain('"close":true');
    // No inline script: the page's CSP allows only the API's own script file, which does the posting.
    expect(page.html).toContain('<script src="/oauth/popup-result.js"></script>');
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self';");
    const script = await app.request('/oauth/popup-result.js');
    expect(await script.text()).toContain('window.opener.postMessage(data.message, origin)');
    expect(page.headers.get('Cross-Origin-Opener-Policy')).toBe('unsafe-none');
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    // Google's account is read at connect time (login_hint preselected the owner's own e-mail).
    expect(await connections()).toEqual([
      {
        service: 'google_calendar',
        status: 'connected',
        account: owner.email.toLowerCase(),
        calendar_page_url: expect.stringContaining('/local/calendar/'),
      },
    ]);

    const item = await storedConnection();
    expect(item!.access_token_enc).toMatch(/^v1\./);
    const cipher = deps.providers.calendar.tokenCipher;
    const accessToken = cipher.decrypt(item!.access_token_enc, `${owner.sub}/google_calendar`);
    const refreshToken = cipher.decrypt(item!.refresh_token_enc, `${owner.sub}/google_calendar`);
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(item)).not.toContain(accessToken);
    expect(JSON.stringify(logLines)).not.toContain(accessToken);
    expect(JSON.stringify(logLines)).not.toContain(refreshToken);

    // The other owner sees none of it.
    expect(await connections(other.tokens.IdToken)).toEqual([]);
  });

  it('refuses a state it did not issue, and a state used twice', async () => {
    const redirect = await decide(await startAuth('acuity'), 'allow');
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'A'.repeat(32));
    const refused = await callback(forged);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('This authorization has expired or was already used.');
    expect(refused.html).toContain('"type":"oauth_error"');

    expect((await callback(redirect)).status).toBe(200);
    const replay = await callback(redirect);
    expect(replay.status).toBe(400);
    expect(replay.html).toContain('expired or was already used');
  });

  it('accepts only its registered redirect URI on the consent page, before showing anything', async () => {
    const authUrl = await startAuth('google_calendar');
    const ours = authUrl.searchParams.get('redirect_uri')!;
    for (const elsewhere of [
      'https://attacker.example/oauth/google_calendar/callback',
      ours.replace('localhost', '127.0.0.1'),
      `${ours}?next=https://attacker.example`,
      ours.replace('/callback', '/callback/'),
      ours.replace('google_calendar', 'calendly'),
    ]) {
      const tampered = new URL(authUrl);
      tampered.searchParams.set('redirect_uri', elsewhere);
      const shown = await app.request(tampered.pathname + tampered.search);
      expect(shown.status, elsewhere).toBe(400);
      expect(await shown.text()).toContain('redirect_uri is not registered');
      const posted = await app.request(tampered.pathname, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...Object.fromEntries(tampered.searchParams),
          decision: 'allow',
        }).toString(),
      });
      expect(posted.status, elsewhere).toBe(400);
      expect(posted.headers.get('Location')).toBeNull();
    }
    expect((await app.request(authUrl.pathname + authUrl.search)).status).toBe(200);
  });

  it('refuses a state issued for another service', async () => {
    const redirect = await decide(await startAuth('calendly'), 'allow');
    const elsewhere = new URL(redirect);
    elsewhere.pathname = '/oauth/google_calendar/callback';
    expect((await callback(elsewhere)).status).toBe(400);
  });

  it('fails the exchange when the code_verifier does not match the challenge', async () => {
    const authUrl = await startAuth('calendly');
    const redirect = await decide(authUrl, 'allow');
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.oauthState(authUrl.searchParams.get('state')!),
        UpdateExpression: 'SET code_verifier = :wrong',
        ExpressionAttributeValues: { ':wrong': 'x'.repeat(128) },
      }),
    );
    const page = await callback(redirect);
    expect(page.status).toBe(400);
    expect(page.html).toContain('Calendly did not accept the authorization (invalid_grant)');
    expect((await connections()).map((c) => (c as { service: string }).service)).not.toContain('calendly');
  });

  it('has a token endpoint that checks the verifier, the client and one-time codes', async () => {
    const authUrl = await startAuth('calendly');
    const redirect = await decide(authUrl, 'allow');
    const form = (fields: Record<string, string>) =>
      app.request('/local/oauth/calendly/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const base = {
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code')!,
      redirect_uri: authUrl.searchParams.get('redirect_uri')!,
      client_id: LOCAL_OAUTH_CLIENT.id,
      client_secret: LOCAL_OAUTH_CLIENT.secret,
    };
    const badClient = await form({ ...base, client_secret: 'nope', code_verifier: 'x'.repeat(128) });
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toMatchObject({ error: 'invalid_client' });
    const wrongVerifier = await form({ ...base, code_verifier: 'x'.repeat(128) });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'PKCE verification failed: code_verifier does not match',
    });
    // The failed attempt used the code up, as real authorization servers do.
    const reused = await form({ ...base, code_verifier: 'x'.repeat(128) });
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers Deny with a page that posts oauth_error with reason declined, closes itself and stores nothing', async () => {
    const before = await connections();
    const redirect = await decide(await startAuth('acuity'), 'deny');
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    const page = await callback(redirect);
    expect(page.status).toBe(400);
    expect(page.html).toContain('You did not allow access to Acuity.');
    expect(page.html).toContain('"type":"oauth_error"');
    expect(page.html).toContain('"reason":"declined"');
    expect(page.html).toContain('"close":true');
    expect(await connections()).toEqual(before);
  });

  it('keeps one personal calendar at a time: connecting another replaces it, even when two race', async () => {
    const connectVia = async (service: string) => callback(await decide(await startAuth(service), 'allow'));
    expect((await connectVia('calendly')).status).toBe(200);
    // Calendly's API is read too (busy times, its scheduling link): the connected account is shown.
    expect(await connections()).toEqual([
      {
        service: 'calendly',
        status: 'connected',
        account: owner.email.toLowerCase(),
        calendar_page_url: expect.stringContaining('/local/calendar/calendly/'),
      },
    ]);
    const [a, b] = await Promise.all([connectVia('acuity'), connectVia('google_calendar')]);
    // Both callbacks succeed (a conflicting transaction is retried), the later one wins: never two connected.
    expect([a.status, b.status]).toEqual([200, 200]);
    const connected = (await connections()) as Array<{ service: string; status: string }>;
    expect(connected).toHaveLength(1);
    expect(['acuity', 'google_calendar']).toContain(connected[0]!.service);
    // The rest of this file works with Google Calendar.
    if (connected[0]!.service !== 'google_calendar') {
      expect((await connectVia('google_calendar')).status).toBe(200);
    }
    expect(await connections()).toEqual([
      {
        service: 'google_calendar',
        status: 'connected',
        account: owner.email.toLowerCase(),
        calendar_page_url: expect.stringContaining('/local/calendar/'),
      },
    ]);
  });

  it('refreshes an expired access token, and reports expired once the refresh is refused', async () => {
    const before = await storedConnection();
    clock.advance(2 * 60 * 60 * 1000);
    expect(await connections()).toContainEqual({
      service: 'google_calendar',
      status: 'connected',
      account: owner.email.toLowerCase(),
      calendar_page_url: expect.stringContaining('/local/calendar/'),
    });
    const refreshed = await storedConnection();
    expect(refreshed!.token_expires_at).toBeGreaterThan(before!.token_expires_at);
    expect(refreshed!.access_token_enc).not.toBe(before!.access_token_enc);

    // The owner revokes our access at the vendor; the next refresh is refused.
    const refreshToken = deps.providers.calendar.tokenCipher.decrypt(
      refreshed!.refresh_token_enc,
      `${owner.sub}/google_calendar`,
    );
    const revoke = await app.request('/local/oauth/google_calendar/revoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken }).toString(),
    });
    expect(revoke.status).toBe(200);
    clock.advance(2 * 60 * 60 * 1000);
    expect(await connections()).toContainEqual({
      service: 'google_calendar',
      status: 'expired',
      account: owner.email.toLowerCase(),
      calendar_page_url: expect.stringContaining('/local/calendar/'),
    });
    expect((await storedConnection())!.status).toBe('expired');

    // Reconnecting replaces the expired connection.
    await callback(await decide(await startAuth(), 'allow'));
    expect(await connections()).toContainEqual({
      service: 'google_calendar',
      status: 'connected',
      account: owner.email.toLowerCase(),
      calendar_page_url: expect.stringContaining('/local/calendar/'),
    });
  });

  it('keeps every connection when the vendor refuses our own client credentials (an expired app secret)', async () => {
    const provider = deps.providers.calendar.forService('google_calendar')!;
    const refused = vi
      .spyOn(provider, 'refresh')
      .mockRejectedValue(new OAuthGrantError('invalid_client', 'AADSTS7000222: client secret keys expired'));
    try {
      expect((await storedConnection())!.status).toBe('connected');
      clock.advance(2 * 60 * 60 * 1000);
      const before = logLines.length;
      // The refresh fails: the view can't call it connected, but nothing is stored as expired, and the
      // operator gets an error line (the owner can't fix it by reconnecting).
      expect(await connections()).toContainEqual(
        expect.objectContaining({
          service: 'google_calendar',
          status: 'connected',
          last_sync_failed_at: expect.any(String),
        }),
      );
      expect((await storedConnection())!.status).toBe('connected');
      expect(refused).toHaveBeenCalled();
      expect(logLines.slice(before)).toContainEqual(
        expect.objectContaining({
          level: 'error',
          message: 'Calendar vendor refused our client credentials; connections kept',
        }),
      );
    } finally {
      refused.mockRestore();
    }
    // Connecting meanwhile: the owner is told to try later, not shown a vendor code reconnecting can't fix.
    const exchange = vi
      .spyOn(provider, 'exchangeCode')
      .mockRejectedValueOnce(new OAuthGrantError('invalid_client', 'Client authentication failed'));
    try {
      const page = await callback(await decide(await startAuth(), 'allow'));
      expect(page.html).toContain(
        'Google Calendar could not be reached. Close this window and try again later.',
      );
      expect(page.html).not.toContain('invalid_client');
    } finally {
      exchange.mockRestore();
    }
    // The operator fixes the secret: the same connection refreshes again, and the failure is no longer said.
    const fixed = ((await connections()) as { service: string }[]).find(
      (connection) => connection.service === 'google_calendar',
    );
    expect(fixed).toMatchObject({ status: 'connected' });
    expect(fixed).not.toHaveProperty('last_sync_failed_at');
    expect((await storedConnection())!.last_sync_failed_at).toBeUndefined();
  });

  it("reports 'expired' when the stored refresh token was tampered with (it no longer authenticates)", async () => {
    const item = (await storedConnection())!;
    const sealed = item.refresh_token_enc as string;
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.calendarConnection(owner.sub, 'google_calendar'),
        UpdateExpression: 'SET refresh_token_enc = :tampered',
        ExpressionAttributeValues: { ':tampered': tampered },
      }),
    );
    clock.advance(2 * 60 * 60 * 1000);
    expect(await connections()).toContainEqual({
      service: 'google_calendar',
      status: 'expired',
      account: owner.email.toLowerCase(),
      calendar_page_url: expect.stringContaining('/local/calendar/'),
    });
    expect((await storedConnection())!.status).toBe('expired');
  });

  it('refuses a state older than its 10-minute lifetime even before DynamoDB removes it', async () => {
    const redirect = await decide(await startAuth('acuity'), 'allow');
    clock.advance(11 * 60 * 1000);
    const page = await callback(redirect);
    expect(page.status).toBe(400);
    expect(page.html).toContain('expired or was already used');
  });

  it('documents its endpoints in the OpenAPI document, the callback as public and the rest as bearer-secured', async () => {
    const openapi = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const secured = (path: string, method: string) =>
      (openapi.paths[path]?.[method]?.security ?? []).length > 0;
    expect(secured('/oauth/connections', 'get')).toBe(true);
    expect(secured('/oauth/{service}/auth', 'get')).toBe(true);
    expect(secured('/oauth/users/{userId}/create-calendar', 'post')).toBe(true);
    expect(secured('/oauth/users/{userId}/share-calendar', 'post')).toBe(true);
    expect(openapi.paths['/oauth/{service}/callback']?.get).toBeDefined();
    expect(secured('/oauth/{service}/callback', 'get')).toBe(false);
  });

  it('validates the service and needs a token', async () => {
    const unknown = await app.request('/oauth/outlook/auth', { headers: ownerHeaders });
    expect(unknown.status).toBe(400);
    expect((await app.request('/oauth/google_calendar/auth')).status).toBe(401);
    expect((await app.request('/oauth/connections')).status).toBe(401);
  });
});
