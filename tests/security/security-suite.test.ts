import { afterAll, describe } from 'vitest';
import { authzMatrix } from './authz-matrix';
import { concurrencyInvariants } from './concurrency';
import { fuzzBodies } from './fuzz-bodies';
import { headerChecks } from './header-checks';
import { createSuiteContext } from './support/suite-context';
import { tokenVariants } from './token-variants';

/**
 * The project's own security suite (issue 10 §11), walking the served OpenAPI document. Sections live in
 * their own modules; they share one app and one pair of owners, and one summary printed at the end.
 */
describe('security suite', async () => {
  const ctx = await createSuiteContext();
  afterAll(() => {
    process.stdout.write(`${ctx.summary.table()}\n`);
  });
  authzMatrix(ctx);
  tokenVariants(ctx);
  headerChecks(ctx);
  concurrencyInvariants(ctx);
  fuzzBodies(ctx);
});
