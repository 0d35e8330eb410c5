import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../backend/src/entry/app';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

type OpenApiDoc = { paths: Record<string, Record<string, { security?: unknown[] }>> };

/** Walks the served OpenAPI document: every route that declares bearer security refuses a missing token. */
describe('OpenAPI document and route security', async () => {
  const { app, services } = await createTestApp();
  const doc = (await (await app.request(OPENAPI_PATH)).json()) as OpenApiDoc;

  it('documents the routes the app serves', () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/api/logs/frontend', '/oauth/users/{userId}/config']),
    );
  });

  it('refuses every secured route without a token', async () => {
    const secured = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'some-id') })),
    );
    expect(secured.length).toBeGreaterThan(0);
    for (const route of secured) {
      const response = await app.request(route.path, { method: route.method });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it("answers 403 on every per-user route when the path's user is not the token's subject", async () => {
    const [owner, other] = await Promise.all([
      createConfirmedUser(services, 'walker'),
      createConfirmedUser(services, 'victim'),
    ]);
    const perUser = Object.entries(doc.paths)
      .filter(([path]) => path.includes('{userId}'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase(),
          path: path.replace('{userId}', other.sub),
        })),
      );
    expect(perUser.length).toBeGreaterThan(10);
    for (const route of perUser) {
      const response = await app.request(route.path.replace(/\{[^}]+\}/g, 'some-id'), {
        method: route.method,
        headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
    }
    // Nothing was written for the other owner.
    const asVictim = { headers: { Authorization: `Bearer ${other.tokens.IdToken}` } };
    expect((await app.request(`/oauth/users/${other.sub}/config`, asVictim)).status).toBe(404);
    expect((await app.request(`/oauth/users/${other.sub}/objectives`, asVictim)).status).toBe(404);
    const status = await app.request(`/oauth/users/${other.sub}/status`, asVictim);
    expect(((await status.json()) as { has_config: boolean }).has_config).toBe(false);
  });
});
