import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concretePath, type Operation } from './support/openapi-operations';
import { findUnstorableValue } from '../../shared/safe-text';
import { fittingArbitrary } from './support/schema-arbitrary';
import { routeName, send, type SuiteContext } from './support/suite-context';

/** A body that fits the route's schema and the API's input rules, so only the access check can refuse it. */
const fittingBody = (operation: Operation) =>
  operation.jsonBody
    ? fc.sample(
        fittingArbitrary(operation.jsonBody).filter((body) => findUnstorableValue(body) === undefined),
        { numRuns: 1, seed: 7 },
      )[0]
    : undefined;

/**
 * Issue 10 §11 authz matrix, generated from /openapi.json: every per-user route × another owner's token
 * × no token, then read-back that nothing of the victim's changed; every other secured route × no token.
 */
export function authzMatrix(ctx: SuiteContext) {
  const section = 'authz matrix';
  const { owner, victim, operations, summary } = ctx;

  describe(section, () => {
    it("refuses another owner's token (403) and no token (401) on every per-user route; the victim's data is unchanged", async () => {
      const perUser = operations.filter((op) => op.perUser);
      expect(perUser.length).toBeGreaterThan(20);
      const before = await ctx.ownerItems(victim.sub);
      for (const operation of perUser) {
        const path = concretePath(operation.path, victim.sub);
        const body = fittingBody(operation) ?? (operation.method === 'GET' ? undefined : {});
        const asOther = await send(ctx, operation.method, path, owner.tokens.IdToken, body);
        summary.record(section, routeName(operation), asOther.status, 'other owner');
        expect(asOther.status, `${routeName(operation)} with another owner's token`).toBe(403);
        const anonymous = await send(ctx, operation.method, path, undefined, body);
        summary.record(section, routeName(operation), anonymous.status, 'no token');
        expect(anonymous.status, `${routeName(operation)} without a token`).toBe(401);
      }
      expect(await ctx.ownerItems(victim.sub)).toBe(before);
    });

    it('refuses a missing or malformed Authorization header on every other secured route (401)', async () => {
      const secured = operations.filter((op) => op.secured && !op.perUser);
      expect(secured.length).toBeGreaterThan(10);
      for (const operation of secured) {
        const path = concretePath(operation.path, owner.sub);
        for (const header of [undefined, 'Bearer', 'Basic dXNlcjpwYXNz', `Bearer ${owner.tokens.IdToken}x`]) {
          const response = await ctx.app.request(path, {
            method: operation.method,
            headers: header ? { Authorization: header } : {},
          });
          summary.record(section, routeName(operation), response.status, String(header).slice(0, 12));
          expect(response.status, `${routeName(operation)} with ${String(header).slice(0, 12)}`).toBe(401);
        }
      }
    });

    it("does not reach another owner's records through id-addressed routes", async () => {
      const victimConfig = (await (
        await send(ctx, 'GET', `/oauth/users/${victim.sub}/config`, victim.tokens.IdToken)
      ).json()) as { business_id: string; phone_number: string };
      // Taken after the victim's own read: a config's first read may store its setup sources (decision 187).
      const before = await ctx.ownerItems(victim.sub);
      const attempts: Array<[string, string, unknown?]> = [
        ['GET', `/oauth/config/get/${victimConfig.business_id}`],
        ['POST', `/oauth/config/mark-step-complete/${victimConfig.business_id}`, { step: 1 }],
        ['GET', `/oauth/config/status/${encodeURIComponent(victimConfig.phone_number)}`],
      ];
      for (const [method, path, body] of attempts) {
        const response = await send(ctx, method, path, owner.tokens.IdToken, body);
        summary.record(
          section,
          `${method} ${path.replace(/\/[^/]+$/, '/{id}')}`,
          response.status,
          'other id',
        );
        expect([400, 403, 404], `${method} ${path}`).toContain(response.status);
        const text = await response.text();
        expect(text).not.toContain(victim.sub);
      }
      expect(await ctx.ownerItems(victim.sub)).toBe(before);
    });
  });
}
