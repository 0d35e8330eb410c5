import net from 'node:net';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { SERVICE_LIMITS } from '../../shared/service-limits';
import { createApp } from '../../backend/src/entry/app';
import { createLocalStandIns } from '../../backend/src/local/stand-ins';
import { createAppDeps } from '../../backend/src/entry/app-deps';
import { loadConfig } from '../../backend/src/platform/config/env';
import { createLogger } from '../../backend/src/platform/logging/logger';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A TCP endpoint that accepts connections and never answers: a hung database. */
async function blackHole() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: a database that is down. */
async function closedPortUrl() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function appWithDatabaseAt(endpoint: string) {
  const services = inject('localServices');
  const logLines: string[] = [];
  const config = loadConfig({
    APP_ENV: 'test',
    TABLE_NAME: 'unreachable',
    DYNAMODB_ENDPOINT: endpoint,
    COGNITO_ISSUER: services.issuer,
    COGNITO_JWKS_URL: services.jwksUrl,
    LOCAL_OUTBOX_DIR: services.outboxDir,
    LOCAL_PROVIDERS: 'true',
  });
  const deps = createAppDeps(
    config,
    { logger: createLogger((line) => logLines.push(line)) },
    createLocalStandIns,
  );
  return { app: createApp(deps), logLines };
}

describe('database faults', async () => {
  const services = inject('localServices');
  const owner = await createConfirmedUser(services, 'faults');
  const hole = await blackHole();
  afterAll(() => hole.close());

  for (const [label, endpoint] of [
    ['down (connection refused)', await closedPortUrl()],
    ['hung (never answers)', hole.url],
  ] as const) {
    it(`answers 503 with Retry-After when the database is ${label}`, async () => {
      const { app, logLines } = appWithDatabaseAt(endpoint);
      const response = await app.request(`/oauth/users/${owner.sub}/config`, {
        headers: bearer(owner.tokens.IdToken),
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe(String(SERVICE_LIMITS.databaseRetryAfterSeconds));
      expect(await response.json()).toMatchObject({ error: 'service_unavailable' });
      expect(logLines.join('\n')).toContain('Database unavailable');

      const live = await app.request('/health');
      expect(live.status).toBe(200);
      const ready = await app.request('/health/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ ok: false, database: 'unavailable' });
    });
  }

  it('reports ready when the database answers', async () => {
    const { app } = await createTestApp();
    const ready = await app.request('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, database: 'ok' });
  });
});

describe('request size and caching', async () => {
  const { app, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'limits');

  it('answers 413 in the error shape to a body over the limit, and reads bodies under it', async () => {
    const huge = JSON.stringify({ padding: 'x'.repeat(SERVICE_LIMITS.maxRequestBodyBytes + 10) });
    const response = await app.request(`/oauth/users/${owner.sub}/config`, {
      method: 'PUT',
      headers: { ...bearer(owner.tokens.IdToken), 'Content-Type': 'application/json' },
      body: huge,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload_too_large' });

    const small = await app.request(`/oauth/users/${owner.sub}/config`, {
      method: 'PUT',
      headers: { ...bearer(owner.tokens.IdToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x' }),
    });
    expect(small.status).not.toBe(413);
  });

  it('marks every answer to an authenticated request no-store, success or error', async () => {
    const ok = await app.request(`/oauth/users/${owner.sub}/status`, {
      headers: bearer(owner.tokens.IdToken),
    });
    const missing = await app.request(`/oauth/users/${owner.sub}/config`, {
      headers: bearer(owner.tokens.IdToken),
    });
    const forbidden = await app.request('/oauth/users/someone-else/config', {
      headers: bearer(owner.tokens.IdToken),
    });
    for (const response of [ok, missing, forbidden]) {
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
    expect([ok.status, missing.status, forbidden.status]).toEqual([200, 404, 403]);
  });
});
