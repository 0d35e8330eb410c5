import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_PATH } from '../../shared/account-deletion';
import { SIGN_OUT_PATH } from '../../shared/session';
import { createConfirmedUser, signInUser } from '../support/cognito-users';
import { concretePath } from './support/openapi-operations';
import { bodyArbitrary } from './support/schema-arbitrary';
import { routeName, send, type SuiteContext } from './support/suite-context';

/** Cases per route: enough to reach each route's handler with fitting and hostile bodies, within budget. */
const RUNS_PER_ROUTE = Number(process.env.SECURITY_FUZZ_RUNS ?? 25);
/** Routes whose work is slow by design (speech synthesis, generation): fewer cases. */
const SLOW_ROUTES = /voices\/preview|generate|test-chat|business-lookup/;

/**
 * Issue 10 §11 schema-driven fuzzing: every documented JSON body gets bodies generated from its schema
 * (fitting and hostile) plus malformed JSON, sent as the owner. No answer may be a 5xx, and a refused
 * request (4xx) must leave the owner's stored data exactly as it was: nothing half-stored.
 */
export function fuzzBodies(ctx: SuiteContext) {
  const section = 'body fuzzing';
  const { owner, summary } = ctx;
  const withBodies = ctx.operations.filter((op) => op.jsonBody && op.secured);
  const token = owner.tokens.IdToken;

  describe(section, () => {
    it('covers every secured route that takes a JSON body', () => {
      expect(withBodies.length).toBeGreaterThan(20);
    });

    for (const operation of withBodies) {
      it(`${routeName(operation)}: no 5xx, nothing half-stored`, async () => {
        // Sign-out ends the token it is called with: it gets its own owner and a fresh session per case.
        const endsSessions = operation.path === SIGN_OUT_PATH;
        // Account deletion with a fitting body deletes the account: its own owner, whose later cases are
        // refused (401) once it is gone.
        const deletesAccount = operation.path === ACCOUNT_DELETION_PATH;
        const user =
          endsSessions || deletesAccount
            ? await createConfirmedUser(ctx.services, endsSessions ? 'sec-signout' : 'sec-delete')
            : owner;
        const tokenFor = async () =>
          endsSessions
            ? (await signInUser(ctx.services.cognitoUrl, user.email, user.password)).IdToken
            : deletesAccount
              ? user.tokens.IdToken
              : token;
        const path = concretePath(operation.path, user.sub, { id: 'x', appointmentId: 'x' });
        const runs = SLOW_ROUTES.test(operation.path) ? Math.ceil(RUNS_PER_ROUTE / 5) : RUNS_PER_ROUTE;
        const check = async (body: unknown, raw?: string) => {
          const before = await ctx.ownerItems(user.sub);
          const response = await send(ctx, operation.method, path, await tokenFor(), body, raw);
          const text = await response.text();
          // On a 5xx the server's own log line says why (the body alone is often not enough).
          const why = response.status >= 500 ? JSON.stringify(ctx.logLines.at(-1)) : '';
          summary.record(
            section,
            routeName(operation),
            response.status,
            `${raw ?? JSON.stringify(body)}`.slice(0, 200),
          );
          expect(
            response.status,
            `${routeName(operation)} ← ${JSON.stringify(body)?.slice(0, 300)}: ${text.slice(0, 300)} ${why}`,
          ).toBeLessThan(500);
          if (response.status >= 400) {
            expect(text.startsWith('{')).toBe(true);
            expect(
              await ctx.ownerItems(user.sub),
              `${routeName(operation)} stored part of a refused request`,
            ).toBe(before);
          }
        };
        for (const raw of ['{', '[]', 'null', '"text"', '{"a":'.repeat(2_000), '\u0000'])
          await check(undefined, raw);
        await fc.assert(
          fc.asyncProperty(bodyArbitrary(operation.jsonBody), (body) => check(body)),
          {
            numRuns: runs,
            seed: 20_261_123,
            endOnFailure: true,
          },
        );
      });
    }
  });
}
