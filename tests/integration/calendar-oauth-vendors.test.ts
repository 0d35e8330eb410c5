import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { startFakeOAuthServer } from '../fakes/oauth/fake-oauth-server';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const PUBLIC_API_URL = 'https://api.ringly.example';
const HOUR = 60 * 60 * 1000;

/** Each real adapter, configured with a client id and pointed at a fake of its vendor's wire API. */
const VENDORS = [
  {
    service: 'google_calendar',
    idVar: 'GOOGLE_OAUTH_CLIENT_ID',
    secretVar: 'GOOGLE_OAUTH_CLIENT_SECRET',
    baseVar: 'GOOGLE_OAUTH_BASE_URL',
    authorizePath: '/o/oauth2/v2/auth',
    tokenPath: '/token',
    scope: 'https://www.googleapis.com/auth/calendar',
    extras: { access_type: 'offline', prompt: 'consent' },
    expiresIn: 3599,
    refreshes: true,
  },
  {
    service: 'outlook_calendar',
    idVar: 'MICROSOFT_CLIENT_ID',
    secretVar: 'MICROSOFT_CLIENT_SECRET',
    baseVar: 'MICROSOFT_BASE_URL',
    authorizePath: '/common/oauth2/v2.0/authorize',
    tokenPath: '/common/oauth2/v2.0/token',
    scope: 'offline_access Calendars.ReadWrite User.Read',
    extras: { response_mode: 'query', prompt: 'select_account' },
    expiresIn: 3599,
    refreshes: true,
  },
  {
    service: 'calendly',
    idVar: 'CALENDLY_CLIENT_ID',
    secretVar: 'CALENDLY_CLIENT_SECRET',
    baseVar: 'CALENDLY_BASE_URL',
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/token',
    scope: null,
    extras: {},
    expiresIn: 7200,
    refreshes: true,
  },
  {
    service: 'acuity',
    idVar: 'ACUITY_CLIENT_ID',
    secretVar: 'ACUITY_CLIENT_SECRET',
    baseVar: 'ACUITY_BASE_URL',
    authorizePath: '/oauth2/authorize',
    tokenPath: '/oauth2/token',
    scope: 'api-v1',
    extras: {},
    expiresIn: undefined,
    refreshes: false,
  },
] as const;

describe.each(VENDORS)('real $service adapter against a fake of its OAuth endpoints', async (vendor) => {
  const fake = await startFakeOAuthServer({
    clientId: `${vendor.service}-client`,
    clientSecret: `${vendor.service}-secret`,
    tokenPath: vendor.tokenPath,
    expiresIn: vendor.expiresIn,
    issuesRefreshTokens: vendor.refreshes,
  });
  afterAll(() => fake.close());
  let current = Date.now();
  const { app, doc, tableName, services, logLines } = await createTestApp(
    {
      [vendor.idVar]: `${vendor.service}-client`,
      [vendor.secretVar]: `${vendor.service}-secret`,
      [vendor.baseVar]: fake.url,
      PUBLIC_API_URL,
    },
    { now: () => new Date(current) },
  );
  const owner = await createConfirmedUser(services, `vendor-${vendor.service}`);
  const headers = { Authorization: `Bearer ${owner.tokens.IdToken}` };
  const connections = async () =>
    ((await (await app.request('/oauth/connections', { headers })).json()) as { connections: unknown[] })
      .connections;
  const stored = async () =>
    (
      await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.calendarConnection(owner.sub, vendor.service) }),
      )
    ).Item;
  let authUrl: URL;

  it("builds the vendor's authorize URL with every OAuth + PKCE parameter", async () => {
    const response = await app.request(`/oauth/${vendor.service}/auth`, { headers });
    expect(response.status).toBe(200);
    authUrl = new URL(((await response.json()) as { auth_url: string }).auth_url);
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${fake.url}${vendor.authorizePath}`);
    const params = Object.fromEntries(authUrl.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: `${vendor.service}-client`,
      redirect_uri: `${PUBLIC_API_URL}/oauth/${vendor.service}/callback`,
      code_challenge_method: 'S256',
      ...vendor.extras,
    });
    expect(params.scope).toBe(vendor.scope ?? undefined);
    expect(params.state).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.client_secret).toBeUndefined();
  });

  it('exchanges the code with a form body holding the code_verifier that matches the challenge', async () => {
    const code = fake.approve(authUrl.toString());
    const callback = await app.request(
      `/oauth/${vendor.service}/callback?code=${code}&state=${authUrl.searchParams.get('state')}`,
    );
    expect(callback.status).toBe(200);
    expect(await callback.text()).toContain('"type":"oauth_success"');

    const exchange = fake.tokenRequests.at(-1)!;
    expect(exchange.contentType).toBe('application/x-www-form-urlencoded');
    expect(exchange.form).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${PUBLIC_API_URL}/oauth/${vendor.service}/callback`,
      client_id: `${vendor.service}-client`,
      client_secret: `${vendor.service}-secret`,
    });
    expect(exchange.form.code_verifier).toMatch(/^[A-Za-z0-9]{128}$/);
    expect(createHash('sha256').update(exchange.form.code_verifier!).digest('base64url')).toBe(
      authUrl.searchParams.get('code_challenge'),
    );
    expect(await connections()).toEqual([{ service: vendor.service, status: 'connected' }]);
    expect(JSON.stringify(logLines)).not.toContain('client_secret');
  });

  if (vendor.refreshes) {
    it('refreshes with the stored refresh token once the access token runs out', async () => {
      const requestsBefore = fake.tokenRequests.length;
      current += 3 * HOUR;
      expect(await connections()).toEqual([{ service: vendor.service, status: 'connected' }]);
      expect(fake.tokenRequests).toHaveLength(requestsBefore + 1);
      expect(fake.tokenRequests.at(-1)!.form).toMatchObject({
        grant_type: 'refresh_token',
        client_id: `${vendor.service}-client`,
        client_secret: `${vendor.service}-secret`,
      });
      expect(fake.tokenRequests.at(-1)!.form.refresh_token).toBeTruthy();
      // The vendor sent no new refresh token: the stored one is kept for the next refresh.
      expect((await stored())!.refresh_token_enc).toBeTruthy();
      expect(await connections()).toEqual([{ service: vendor.service, status: 'connected' }]);
      expect(fake.tokenRequests).toHaveLength(requestsBefore + 1);
    });

    it("reports 'expired' and keeps it when the vendor refuses the refresh", async () => {
      fake.revokeAll();
      current += 3 * HOUR;
      expect(await connections()).toEqual([{ service: vendor.service, status: 'expired' }]);
      expect((await stored())!.status).toBe('expired');
    });
  } else {
    it('keeps a non-expiring token connected without refreshing', async () => {
      const requestsBefore = fake.tokenRequests.length;
      current += 1000 * HOUR;
      expect(await connections()).toEqual([{ service: vendor.service, status: 'connected' }]);
      expect(fake.tokenRequests).toHaveLength(requestsBefore);
    });
  }

  it('answers a refused exchange with an error page', async () => {
    const response = await app.request(`/oauth/${vendor.service}/auth`, { headers });
    const url = new URL(((await response.json()) as { auth_url: string }).auth_url);
    const callback = await app.request(
      `/oauth/${vendor.service}/callback?code=not-issued&state=${url.searchParams.get('state')}`,
    );
    expect(callback.status).toBe(400);
    expect(await callback.text()).toContain('did not accept the authorization (invalid_grant)');
  });
});

describe('an unreachable vendor and an unconfigured service', async () => {
  it('keeps the connection connected while the vendor is down, and says the last sync failed', async () => {
    const fake = await startFakeOAuthServer({
      clientId: 'g',
      clientSecret: 's',
      tokenPath: '/token',
      expiresIn: 3600,
      issuesRefreshTokens: true,
    });
    let current = Date.now();
    const { app, doc, tableName, services } = await createTestApp(
      { GOOGLE_OAUTH_CLIENT_ID: 'g', GOOGLE_OAUTH_CLIENT_SECRET: 's', GOOGLE_OAUTH_BASE_URL: fake.url },
      { now: () => new Date(current) },
    );
    const owner = await createConfirmedUser(services, 'vendor-down');
    const headers = { Authorization: `Bearer ${owner.tokens.IdToken}` };
    const authUrl = new URL(
      ((await (await app.request('/oauth/google_calendar/auth', { headers })).json()) as { auth_url: string })
        .auth_url,
    );
    const code = fake.approve(authUrl.toString());
    await app.request(
      `/oauth/google_calendar/callback?code=${code}&state=${authUrl.searchParams.get('state')}`,
    );
    await fake.close();
    current += 2 * HOUR;
    const response = await app.request('/oauth/connections', { headers });
    // Not 'expired' ("Reconnect"): the grant may be fine, the vendor merely did not answer.
    const failedAt = new Date(current).toISOString();
    expect(await response.json()).toEqual({
      connections: [{ service: 'google_calendar', status: 'connected', last_sync_failed_at: failedAt }],
    });
    const item = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.calendarConnection(owner.sub, 'google_calendar') }),
    );
    expect(item.Item).toMatchObject({ status: 'connected', last_sync_failed_at: failedAt });
  });

  it('answers 503 when a service has neither a client id nor local providers, and mounts no consent page', async () => {
    const { app, services } = await createTestApp({ LOCAL_PROVIDERS: 'false' });
    const owner = await createConfirmedUser(services, 'no-vendor');
    const response = await app.request('/oauth/calendly/auth', {
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}` },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'service_unavailable',
      message: 'Calendly is not configured',
    });
    expect((await app.request('/local/oauth/calendly/authorize')).status).toBe(404);
  });
});
