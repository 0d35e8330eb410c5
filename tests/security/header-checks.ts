import { describe, expect, it } from 'vitest';
import { concretePath } from './support/openapi-operations';
import { routeName, send, type SuiteContext } from './support/suite-context';

const EVIL_ORIGIN = 'https://evil.example';

/**
 * Issue 10 §11 header checks on every documented GET route and on the API's HTML pages: nosniff, no
 * framework banner, no-store on authenticated answers, the one error shape, CSP on HTML without inline
 * script, and CORS only for the app's origins.
 */
export function headerChecks(ctx: SuiteContext) {
  const section = 'headers';
  const { owner, summary } = ctx;

  describe(section, () => {
    it('sends nosniff, no banner and no-store on every authenticated answer, errors in one JSON shape', async () => {
      const routes = ctx.operations.filter((op) => op.method === 'GET' && op.secured);
      for (const operation of routes) {
        const path = concretePath(operation.path, owner.sub, {
          service: 'calendly',
          type: 'x',
          phone: 'x',
          id: 'x',
        });
        for (const token of [owner.tokens.IdToken, undefined]) {
          const response = await send(ctx, 'GET', path, token);
          summary.record(section, routeName(operation), response.status);
          const name = `${routeName(operation)} ${token ? 'signed in' : 'anonymous'}`;
          expect(response.headers.get('X-Content-Type-Options'), name).toBe('nosniff');
          expect(response.headers.get('X-Powered-By'), name).toBeNull();
          if (token) expect(response.headers.get('Cache-Control'), name).toBe('no-store');
          if (response.status >= 400) {
            expect(await response.json(), name).toMatchObject({
              error: expect.any(String),
              message: expect.any(String),
            });
          }
        }
      }
    });

    it('gives every HTML page a CSP without inline script, and JSON none', async () => {
      const pages = [
        '/local/outbox',
        '/oauth/calendly/callback?state=x&code=y',
        '/local/phone',
        '/local/oauth/calendly/authorize',
      ];
      for (const page of pages) {
        const response = await ctx.app.request(page);
        summary.record(section, `GET ${page.split('?')[0]}`, response.status);
        expect(response.headers.get('Content-Type'), page).toContain('text/html');
        const policy = response.headers.get('Content-Security-Policy') ?? '';
        expect(policy, page).toContain("default-src 'none'");
        expect(policy, page).toMatch(/script-src 'self'(;|$)/);
        expect(policy, page).toContain("frame-ancestors 'none'");
      }
      const json = await ctx.app.request('/health');
      expect(json.headers.get('Content-Security-Policy')).toBeNull();
    });

    it("answers CORS only for the app's origins", async () => {
      const path = `/oauth/users/${owner.sub}/status`;
      const allowed = ctx.deps.config.allowedOrigins[0]!;
      for (const [origin, expected] of [
        [EVIL_ORIGIN, null],
        [allowed, allowed],
        ['null', null],
      ] as const) {
        const preflight = await ctx.app.request(path, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'authorization',
          },
        });
        summary.record(section, 'OPTIONS /oauth/users/{userId}/status', preflight.status);
        const actual = preflight.headers.get('Access-Control-Allow-Origin');
        expect(actual === '*' ? '*' : actual, origin).toBe(expected);
      }
    });
  });
}
