import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The frontend's import boundaries (decision 165), checked with dependency-cruiser's own resolution: a
 * feature reaches another only through its public entry (features/<feature>/index.ts), the shared
 * components and lib know no feature, and nothing in frontend/src imports in a circle. The app shell
 * (router, signed-in shell) composes the features and may name their pages, which it loads lazily.
 */
const FRONTEND_RULES: IForbiddenRuleType[] = [
  { name: 'no-circular', severity: 'error', from: { path: '^frontend/src/' }, to: { circular: true } },
  {
    name: 'feature-through-public-entry',
    severity: 'error',
    from: { path: '^frontend/src/features/([^/]+)/' },
    to: {
      path: '^frontend/src/features/([^/]+)/',
      pathNot: ['^frontend/src/features/$1/', '^frontend/src/features/[^/]+/index\\.ts$'],
    },
  },
  {
    name: 'components-import-no-feature',
    severity: 'error',
    from: { path: '^frontend/src/components/' },
    to: { path: '^frontend/src/(features|app)/' },
  },
  {
    name: 'lib-imports-no-feature',
    severity: 'error',
    from: { path: '^frontend/src/lib/', pathNot: '\\.test\\.tsx?$' },
    to: { path: '^frontend/src/(features|components|app)/' },
  },
];

/** The rule violations among `files`, paths relative to `baseDir` (the repository, or a planted tree). */
async function violations(files: string[], baseDir = root) {
  const previous = process.cwd();
  process.chdir(baseDir);
  try {
    const tsConfigFile = path.join(baseDir, 'tsconfig.json');
    const withTsConfig = baseDir === root;
    const result = await cruise(
      files,
      {
        ruleSet: { forbidden: FRONTEND_RULES },
        ...(withTsConfig ? { tsConfig: { fileName: 'tsconfig.json' } } : {}),
        tsPreCompilationDeps: true,
        doNotFollow: { path: 'node_modules' },
        exclude: { path: '^(backend|infra|tests)/' },
        validate: true,
      },
      undefined,
      withTsConfig ? { tsConfig: extractTSConfig(tsConfigFile) } : {},
    );
    if (typeof result.output === 'string') throw new Error(result.output);
    return result.output.summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    );
  } finally {
    process.chdir(previous);
  }
}

/** A small frontend with one planted import per rule, each of which must be reported. */
function plantedTree() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ringly-boundaries-'));
  const files: Record<string, string> = {
    'frontend/src/features/auth/index.ts': "export { useAuth } from './hooks/auth-context';\n",
    'frontend/src/features/auth/hooks/auth-context.ts': 'export const useAuth = () => null;\n',
    'frontend/src/features/setup/ok.ts': "import { useAuth } from '../auth';\nexport const ok = useAuth;\n",
    'frontend/src/features/setup/deep.ts':
      "import { useAuth } from '../auth/hooks/auth-context';\nexport const deep = useAuth;\n",
    'frontend/src/components/header.ts':
      "import { useAuth } from '../features/auth';\nexport const h = useAuth;\n",
    'frontend/src/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'frontend/src/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('frontend import boundaries', () => {
  it('frontend/src keeps every rule', async () => {
    expect(await violations(['frontend/src'])).toEqual([]);
  }, 60_000);

  it('reports a planted deep feature import, a component importing a feature and a cycle', async () => {
    const dir = plantedTree();
    try {
      const found = await violations(['frontend/src'], dir);
      expect(found).toEqual(
        expect.arrayContaining([
          'feature-through-public-entry: frontend/src/features/setup/deep.ts → frontend/src/features/auth/hooks/auth-context.ts',
          'components-import-no-feature: frontend/src/components/header.ts → frontend/src/features/auth/index.ts',
          'no-circular: frontend/src/lib/a.ts → frontend/src/lib/b.ts',
        ]),
      );
      // The public entry itself is allowed.
      expect(found.filter((line) => line.includes('features/setup/ok.ts'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
