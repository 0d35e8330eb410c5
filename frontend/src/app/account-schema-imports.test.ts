import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticGraph } from '../../../tests/support/static-import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const schemaModules = (entry: string) =>
  staticGraph([entry]).files.filter((file) => file.startsWith('shared/schemas/'));
/** The modules of a graph that import zod's classic API, which every page that builds a schema loads. */
const classicZodImporters = (entry: string) =>
  staticGraph([entry]).files.filter((file) =>
    /^\s*import\s+(?!type\b)[^;]*\sfrom\s+'zod'/m.test(readFileSync(path.join(root, file), 'utf8')),
  );

/**
 * zod builds every schema of a module when the module loads: on the dashboard's first load that was a
 * quarter of the page's script time (issue 16 §5), much of it for schemas the page never used, pulled in by
 * the texts, labels and limits that lived beside them (and the wizard's first form built the whole business
 * config's schemas for its opening hours). Those now live in shared/<topic>.ts and the schemas
 * in shared/schemas/<topic>.ts; an import of a text from a schema module again fails here. The schemas a
 * screen does check with load on demand (onDemand, lib/chunk-load.ts), so no account screen's first load
 * evaluates zod's classic API at all.
 */
describe('account screens load no schema until the owner checks or saves something', () => {
  it('the signed-in shell builds none (the runtime config uses zod/mini)', () => {
    expect(schemaModules('frontend/src/app/signed-in-shell.tsx')).toEqual([]);
  });

  it('/plans builds none, and so loads no zod beyond the shell’s zod/mini', () => {
    expect(schemaModules('frontend/src/features/plans/components/plans-page.tsx')).toEqual([]);
    // The country list it shares with sign-up once sat beside the sign-up form's schema.
    expect(classicZodImporters('frontend/src/features/plans/components/plans-page.tsx')).toEqual([]);
    expect(classicZodImporters('frontend/src/app/signed-in-shell.tsx')).toEqual([]);
  });

  it('setup builds none, and so loads no zod beyond the shell’s zod/mini', () => {
    // Its steps load their checks at the first check or save; the voice stream, its messages' schema when it
    // connects.
    const setup = 'frontend/src/features/setup/components/setup-page.tsx';
    expect(schemaModules(setup)).toEqual([]);
    expect(classicZodImporters(setup)).toEqual([]);
  });

  it('the dashboard builds none, and so loads no zod beyond the shell’s zod/mini', () => {
    // Its forms load their checks when the owner edits or saves them, the test call when it is started.
    const dashboard = 'frontend/src/features/dashboard/components/dashboard-page.tsx';
    expect(schemaModules(dashboard)).toEqual([]);
    expect(classicZodImporters(dashboard)).toEqual([]);
  });
});
