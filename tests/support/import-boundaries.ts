import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * The project's import boundaries (.dependency-cruiser.cjs, the one source of the rules) as
 * `npm run lint:boundaries` runs them, for the tests that show each rule holds on the tree and fails on a
 * planted bad import: tests/integration/import-boundaries.test.ts (backend, shared/) and
 * frontend/src/app/feature-boundaries.test.ts (frontend, decision 165).
 */
const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

export type BoundaryViolation = { from: string; to: string; rule: { name: string; severity: string } };
export type BoundaryReport = { summary: { error: number; violations: BoundaryViolation[] } };

/** dependency-cruiser over repo-relative `paths` with the project's config; it exits non-zero on an error. */
export async function cruise(paths: string[]): Promise<BoundaryReport> {
  const { stdout } = await run(
    depcruise,
    [...paths, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as BoundaryReport;
}

const PLANTED = 'zz-planted-';
/** A fresh module name for a planted file, which the whole-tree checks pass over. */
export const plantedName = () => `${PLANTED}${randomUUID().slice(0, 8)}`;

/**
 * Whether a file name is a planted module: tests that walk the sources skip them, since one may vanish
 * between listing a folder and reading it.
 */
export const isPlanted = (name: string) => name.includes(PLANTED);

/**
 * The violations that are the tree's own: test files run in parallel, and another file's planted modules
 * may be on disk while a whole-tree check runs.
 */
export const ownViolations = (report: BoundaryReport) =>
  report.summary.violations.filter((v) => !v.from.includes(PLANTED) && !v.to.includes(PLANTED));

/**
 * Writes each repo-relative file with its text (into folders that exist), runs `check`, and removes the
 * files whatever happens.
 */
export async function withPlanted<T>(files: Record<string, string>, check: () => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    for (const [file, text] of Object.entries(files)) {
      writeFileSync(path.join(root, file), text, { flag: 'wx' });
      written.push(file);
    }
    return await check();
  } finally {
    for (const file of written) rmSync(path.join(root, file), { force: true });
  }
}

/** The rules broken by imports from `file` (repo-relative). */
export const rulesBrokenBy = async (file: string) =>
  (await cruise([file])).summary.violations.filter((v) => v.from === file).map((v) => v.rule.name);

/**
 * The cycle rules that report the two planted modules `a` and `b` importing each other: a cycle is
 * reported from whichever of its modules sorts first by path, so from either file.
 */
export async function cycleRulesBetween(a: string, b: string) {
  const pair = [a, b].sort().join(' ');
  return (await cruise([a, b])).summary.violations
    .filter((v) => [v.from, v.to].sort().join(' ') === pair)
    .map((v) => v.rule.name);
}
