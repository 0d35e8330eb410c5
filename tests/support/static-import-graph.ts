import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveModule(specifier: string, importer: string): string | undefined {
  const base = specifier.startsWith('@shared/')
    ? path.join(root, 'shared', specifier.slice('@shared/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(importer), specifier)
      : undefined;
  if (!base) return undefined;
  return (
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      // A folder import (a feature's public entry, `../auth`) resolves to its index file, not the folder.
      .find((file) => existsSync(file) && statSync(file).isFile())
  );
}

/**
 * Every file and bare package reached from `entries` (paths from the repository root) through static,
 * non-type imports: what a page's first download holds, whatever the bundler does with dynamic imports.
 */
export function staticGraph(entries: string[]) {
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
