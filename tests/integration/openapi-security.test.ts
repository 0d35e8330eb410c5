import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../backend/src/app';
import { createTestApp } from '../support/test-app';

type OpenApiDoc = { paths: Record<string, Record<string, { security?: unknown[] }>> };

/** Walks the served OpenAPI document: every route that declares bearer security refuses a missing token. */
describe('OpenAPI document and route security', async () => {
  const { app } = await createTestApp();
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
});
