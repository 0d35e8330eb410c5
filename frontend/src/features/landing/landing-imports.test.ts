import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The landing page's JavaScript budget (issue 16 §5, docs/decisions/092) is kept by what its static import
 * graph leaves out: zod, the API client and Amplify load only when a visitor acts. One texts constant from a
 * module that also held zod schemas once pulled 27 KB gzip back in without any test noticing; this walks the
 * graph from the entry and the landing route so such an import fails here, not weeks later in the bench.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveModule(specifier: string, importer: string): string | undefined {
  const base = specifier.startsWith('@shared/')
    ? path.join(root, 'shared', specifier.slice('@shared/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(importer), specifier)
      : undefined;
  if (!base) return undefined;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((file) => existsSync(file) && !file.endsWith('/'));
}

/** Every file and bare package reached from `entries` through static, non-type imports. */
function staticGraph(entries: string[]) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = entries.map((entry) => path.join(root, entry));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const resolved = resolveModule(specifier!, file);
      if (resolved) pending.push(resolved);
      else if (!specifier!.startsWith('.') && !specifier!.startsWith('@shared/'))
        packages.add(
          specifier!.startsWith('@')
            ? specifier!.split('/').slice(0, 2).join('/')
            : specifier!.split('/')[0]!,
        );
    }
  }
  return { files: [...files].map((file) => path.relative(root, file)), packages };
}

describe('the landing page loads no more than it shows', () => {
  const graph = staticGraph([
    'frontend/src/main.tsx',
    'frontend/src/features/landing/components/landing-page.tsx',
  ]);

  it('walks the real graph (React and the landing sections are in it)', () => {
    expect(graph.packages).toContain('react');
    expect(graph.files).toContain('frontend/src/features/landing/components/hero-section.tsx');
  });

  it('reaches neither zod, Amplify nor the API client statically', () => {
    expect(
      [...graph.packages].filter((name) => ['zod', 'aws-amplify', '@aws-amplify/core'].includes(name)),
    ).toEqual([]);
    expect(graph.files.filter((file) => /lib\/api-client|\/schemas\//.test(file))).toEqual([]);
  });
});
