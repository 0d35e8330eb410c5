import { describe, expect, it } from 'vitest';
import { createApp, OPENAPI_PATH, type AppSurface } from '../../backend/src/entry/app';
import { TELEPHONY_HTTP_ROUTES } from '../../backend/src/entry/telephony-routes';
import { createTestApp } from '../support/test-app';

/** An API Gateway route key as a matcher of Hono route paths (`{x}` one segment, `{x+}` the rest). */
const matcherOf = (route: { method: string; path: string }) => {
  const pattern = route.path
    .split('/')
    .map((segment) => (/^\{\w+\+\}$/.test(segment) ? '.+' : /^\{\w+\}$/.test(segment) ? ':\\w+' : segment))
    .join('/');
  const regex = new RegExp(`^${route.method} ${pattern}$`);
  return (key: string) => regex.test(key);
};

/**
 * In AWS the HTTP API sends TELEPHONY_HTTP_ROUTES to the telephony function and the rest to the API function
 * (infra/lib/http-api.ts); both run createApp, each with its surface. No route may fall between the two.
 */
describe('API and telephony surfaces', async () => {
  // As in AWS: no local providers' pages.
  const { deps } = await createTestApp({ LOCAL_PROVIDERS: 'false' });
  const routesOf = (surface: AppSurface) =>
    [
      ...new Set(
        createApp(deps, surface)
          // Middleware, not routes: app.use's (ALL) and the app-wide guards registered per method (app-core.ts).
          .routes.filter((route) => route.method !== 'ALL' && route.path !== '/*')
          .map((route) => `${route.method} ${route.path}`),
      ),
    ].sort();
  const shared = new Set(['GET /health', 'GET /health/ready', `GET ${OPENAPI_PATH}`]);
  const matchers = TELEPHONY_HTTP_ROUTES.map(matcherOf);
  const routedToTelephony = (key: string) => matchers.some((matches) => matches(key));

  it('serves, in the telephony app, only routes that API Gateway sends there, each of them', () => {
    const telephony = routesOf('telephony').filter((key) => !shared.has(key));
    expect(telephony.filter((key) => !routedToTelephony(key))).toEqual([]);
    for (const [index, matches] of matchers.entries()) {
      expect(telephony.some(matches), JSON.stringify(TELEPHONY_HTTP_ROUTES[index])).toBe(true);
    }
    expect(telephony).toContain('POST /webhooks/twilio/voice/status');
  });

  it('leaves them out of the API app, and together the two serve every route of the full app', () => {
    const api = routesOf('api');
    expect(api.filter(routedToTelephony)).toEqual([]);
    expect(api.length).toBeGreaterThan(20);
    expect([...new Set([...api, ...routesOf('telephony')])].sort()).toEqual(routesOf('all'));
  });

  it('answers telephony paths only in the telephony app', async () => {
    const path = '/oauth/phone-numbers/available?area_code=415';
    expect((await createApp(deps, 'api').request(path)).status).toBe(404);
    // Served, and protected: no token, 401.
    expect((await createApp(deps, 'telephony').request(path)).status).toBe(401);
  });
});
