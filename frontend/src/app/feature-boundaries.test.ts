import { describe, expect, it } from 'vitest';
import { cruise, ownViolations, plantedName, withPlanted } from '../../../tests/support/import-boundaries';

/**
 * The frontend's import boundaries (decision 165) as the project's rules in .dependency-cruiser.cjs state
 * them: a feature reaches another only through its public entry (features/<feature>/index.ts), components/
 * knows no feature and not the app shell, lib/ none of the UI, and nothing in frontend/src imports in a
 * circle, type-only imports included. The app shell (router, signed-in shell) composes the features and
 * may name their pages, which it loads lazily.
 */
const plantedImport = (folder: string, specifier: string) => ({
  [`frontend/src/${folder}/${plantedName()}.ts`]: `import * as planted from '${specifier}';\nexport const x = planted;\n`,
});

/** Two modules in lib/ importing each other, by `importing(theOtherModuleName)`. */
function plantedCycle(importing: (other: string) => string) {
  const [a, b] = [plantedName(), plantedName()];
  return { [`frontend/src/lib/${a}.ts`]: importing(b), [`frontend/src/lib/${b}.ts`]: importing(a) };
}

/** Each case: the files it plants and the rule they must break (none for an allowed import). */
const CASES: Record<string, { files: Record<string, string>; rule?: string }> = {
  "a feature reaching into another feature's files": {
    files: plantedImport('features/setup', '../auth/hooks/auth-context'),
    rule: 'feature-through-its-public-entry',
  },
  "a feature using another feature's public entry (allowed)": {
    files: plantedImport('features/setup', '../auth'),
  },
  'a component importing a feature': {
    files: plantedImport('components', '../features/auth'),
    rule: 'components-import-no-feature',
  },
  'a component importing the app shell': {
    files: plantedImport('components', '../app/router'),
    rule: 'components-import-no-feature',
  },
  'lib/ importing a feature': {
    files: plantedImport('lib', '../features/auth'),
    rule: 'lib-imports-no-feature',
  },
  'lib/ importing a shared component': {
    files: plantedImport('lib', '../components/ui/logo'),
    rule: 'lib-imports-no-feature',
  },
  'a cycle of value imports': {
    files: plantedCycle(
      (other) => `import { value as other } from './${other}';\nexport const value = () => other;\n`,
    ),
    rule: 'no-cycles',
  },
  'a cycle of type-only imports': {
    files: plantedCycle(
      (other) =>
        `import type { Shape as Other } from './${other}';\nexport type Shape = { other?: Other };\n`,
    ),
    rule: 'no-type-cycles',
  },
};

describe('frontend import boundaries', () => {
  it('frontend/src keeps every rule, without even a type-only cycle', async () => {
    const report = await cruise(['frontend/src']);
    const inFrontend = ownViolations(report).filter((v) => v.from.startsWith('frontend/src/'));
    expect(inFrontend.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 60_000);

  it('report each planted bad import with its rule, and not the allowed one', async () => {
    const planted = Object.assign({}, ...Object.values(CASES).map((c) => c.files)) as Record<string, string>;
    // One run over every planted file: each run of dependency-cruiser takes seconds on this tree.
    const report = await withPlanted(planted, () => cruise(Object.keys(planted)));
    const rulesOf = (files: Record<string, string>) =>
      report.summary.violations.filter((v) => v.from in files).map((v) => v.rule.name);
    const found = Object.fromEntries(Object.entries(CASES).map(([name, c]) => [name, rulesOf(c.files)]));
    expect(found).toEqual(
      Object.fromEntries(
        Object.entries(CASES).map(([name, c]) => [name, c.rule ? expect.arrayContaining([c.rule]) : []]),
      ),
    );
  }, 120_000);
});
