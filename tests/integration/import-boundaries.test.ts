import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries (.dependency-cruiser.cjs, docs/decisions/171-backend-by-capability.md) as
 * `npm test` runs them: the tree passes, and a planted bad import of each kind fails with its rule.
 */
const run = promisify(execFile);
const depcruise = path.resolve('node_modules/.bin/depcruise');
const planted: string[] = [];

type Report = {
  summary: { error: number; violations: Array<{ from: string; to: string; rule: { name: string } }> };
};

async function cruise(paths: string[]): Promise<Report> {
  const { stdout } = await run(
    depcruise,
    [...paths, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as Report;
}

/** Writes a module at `file` (repo-relative) that imports `specifier`; removed after the run. */
function plant(file: string, body: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  planted.push(file);
  return file;
}

const unique = () => `zz-planted-${randomUUID().slice(0, 8)}`;
const rulesBrokenBy = async (file: string) =>
  (await cruise([file])).summary.violations.filter((v) => v.from === file).map((v) => v.rule.name);

afterAll(() => {
  for (const file of planted) rmSync(file, { force: true });
});

describe('import boundaries', () => {
  it('hold on the whole tree: no cycle, no import up a layer, stand-ins only in local entry points', async () => {
    const report = await cruise(['backend/src', 'frontend/src', 'shared']);
    expect(report.summary.violations.filter((v) => v.rule.name !== 'no-type-cycles')).toEqual([]);
    expect(report.summary.error).toBe(0);
  }, 120_000);

  it('hold in shared/ without even a type-only cycle: the texts and rules import their schemas, not back', async () => {
    const report = await cruise(['shared']);
    expect(report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 60_000);

  it.each([
    [
      'platform importing a capability',
      `backend/src/platform/${unique()}.ts`,
      "import { createReferralRepository } from '../capabilities/referrals/index';\nexport const x = createReferralRepository;\n",
      'platform-imports-no-higher-layer',
    ],
    [
      "a capability reaching into another's files",
      `backend/src/capabilities/referrals/${unique()}.ts`,
      "import { createSubscriptionRepository } from '../billing/subscriptions';\nexport const x = createSubscriptionRepository;\n",
      'capability-through-its-index',
    ],
    [
      'production code importing a stand-in',
      `backend/src/capabilities/sms/${unique()}.ts`,
      "import { createLocalPlaces } from '../../local/google-places/local-places';\nexport const x = createLocalPlaces;\n",
      'capabilities-import-no-entry-or-local',
    ],
    [
      'a provider importing a capability',
      `backend/src/providers/places/${unique()}.ts`,
      "import { createBusinessConfigRepository } from '../../capabilities/setup/index';\nexport const x = createBusinessConfigRepository;\n",
      'providers-import-no-capability',
    ],
    [
      "the repo's shared/ importing the backend",
      `shared/${unique()}.ts`,
      "import { keyPart } from '../backend/src/platform/dynamo/key-part';\nexport const x = keyPart;\n",
      'shared-imports-neither-side',
    ],
    [
      'a frontend component importing a feature',
      `frontend/src/components/${unique()}.ts`,
      "import { AuthProvider } from '../features/auth/hooks/auth-context';\nexport const x = AuthProvider;\n",
      'components-import-no-feature',
    ],
  ])(
    'fail on %s',
    async (_case, file, body, rule) => {
      expect(await rulesBrokenBy(plant(file, body))).toContain(rule);
    },
    60_000,
  );

  it('fail on a cycle of value imports', async () => {
    const a = unique();
    const b = unique();
    const first = plant(
      `backend/src/platform/${a}.ts`,
      `import { b } from './${b}';\nexport const a = () => b;\n`,
    );
    const second = plant(
      `backend/src/platform/${b}.ts`,
      `import { a } from './${a}';\nexport const b = () => a;\n`,
    );
    // A cycle is reported from whichever of its modules sorts first by path, so from either planted file.
    const cyclic = (await cruise([second])).summary.violations.filter(
      (v) => (v.from === first || v.from === second) && v.rule.name === 'no-cycles',
    );
    expect(cyclic.map((v) => [v.from, v.to].sort())).toContainEqual([first, second].sort());
  }, 60_000);
});
