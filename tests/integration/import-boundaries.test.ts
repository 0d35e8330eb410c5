import { describe, expect, it } from 'vitest';
import {
  cruise,
  cycleRulesBetween,
  ownViolations,
  plantedName,
  rulesBrokenBy,
  withPlanted,
} from '../support/import-boundaries';

/**
 * The import boundaries (.dependency-cruiser.cjs, docs/decisions/171-backend-by-capability.md) as
 * `npm test` runs them: the tree passes, and a planted bad import of each kind fails with its rule. The
 * frontend's rules have their own cases in frontend/src/app/feature-boundaries.test.ts.
 */
describe('import boundaries', () => {
  it('hold on the whole tree: no cycle (type-only included), no import up a layer, stand-ins only in local entry points', async () => {
    const report = await cruise(['backend/src', 'frontend/src', 'shared']);
    expect(ownViolations(report).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 120_000);

  it.each([
    [
      'platform importing a capability',
      `backend/src/platform/${plantedName()}.ts`,
      "import { createReferralRepository } from '../capabilities/referrals/records/index';\nexport const x = createReferralRepository;\n",
      'platform-imports-no-higher-layer',
    ],
    [
      "a capability reaching into another's files",
      `backend/src/capabilities/referrals/${plantedName()}.ts`,
      "import { createSubscriptionRepository } from '../billing/records/subscriptions';\nexport const x = createSubscriptionRepository;\n",
      'capability-through-its-index',
    ],
    [
      "a repository reaching a capability's services",
      `backend/src/capabilities/billing/records/${plantedName()}.ts`,
      "import { receptionistFromApp } from '../../receptionist/index';\nexport const x = receptionistFromApp;\n",
      'records-are-the-lowest-capability-layer',
    ],
    [
      'production code importing a stand-in',
      `backend/src/capabilities/sms/${plantedName()}.ts`,
      "import { createLocalPlaces } from '../../local/google-places/local-places';\nexport const x = createLocalPlaces;\n",
      'capabilities-import-no-entry-or-local',
    ],
    [
      'a provider importing a capability',
      `backend/src/providers/places/${plantedName()}.ts`,
      "import { createBusinessConfigRepository } from '../../capabilities/setup/records/index';\nexport const x = createBusinessConfigRepository;\n",
      'providers-import-no-capability',
    ],
    [
      "the repo's shared/ importing the backend",
      `shared/${plantedName()}.ts`,
      "import { keyPart } from '../backend/src/platform/dynamo/key-part';\nexport const x = keyPart;\n",
      'shared-imports-neither-side',
    ],
    [
      'phone numbers read outside the phone helper',
      `backend/src/capabilities/sms/${plantedName()}.ts`,
      "import { parsePhoneNumberFromString } from 'libphonenumber-js/min';\nexport const x = parsePhoneNumberFromString;\n",
      'phone-numbers-through-the-helper',
    ],
  ])(
    'fail on %s',
    async (_case, file, body, rule) => {
      expect(await withPlanted({ [file]: body }, () => rulesBrokenBy(file))).toContain(rule);
    },
    60_000,
  );

  it.each([
    [
      'value imports',
      'no-cycles',
      (self: string, other: string, file: string) =>
        `import { ${other} } from './${file}';\nexport const ${self} = () => ${other};\n`,
    ],
    [
      'type-only imports',
      'no-type-cycles',
      (self: string, other: string, file: string) =>
        `import type { ${other} } from './${file}';\nexport type ${self} = { other?: ${other} };\n`,
    ],
  ])(
    'fail on a cycle of %s',
    async (_case, rule, body) => {
      const [a, b] = [plantedName(), plantedName()];
      const first = `backend/src/platform/${a}.ts`;
      const second = `backend/src/platform/${b}.ts`;
      const planted = { [first]: body('First', 'Second', b), [second]: body('Second', 'First', a) };
      expect(await withPlanted(planted, () => cycleRulesBetween(first, second))).toContain(rule);
    },
    60_000,
  );
});
