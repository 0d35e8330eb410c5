import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isPlanted } from '../../../tests/support/import-boundaries';

const frontendSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !isPlanted(entry.name)
      ? [full]
      : [];
  });

/** Every apiRequest call of the frontend: its file, its type argument (if any) and whether it parses. */
function apiCalls() {
  const calls: Array<{ file: string; typeArgument: string | undefined; parses: boolean; imports: string }> =
    [];
  for (const file of sourceFiles(frontendSrc)) {
    if (file.endsWith(path.join('lib', 'api-client.ts'))) continue;
    const text = readFileSync(file, 'utf8');
    const imports = text.replace(/\n/g, ' ');
    for (const match of text.matchAll(/apiRequest(?:<([^()]*?)>)?\(/g)) {
      calls.push({
        file: path.relative(frontendSrc, file),
        typeArgument: match[1]?.trim(),
        // The call's options follow within a few lines.
        parses: /\bparse:/.test(text.slice(match.index, match.index + 400)),
        imports,
      });
    }
  }
  return calls;
}

/**
 * The API's answers are typed by the shared zod schemas the backend answers with (decision 165): every call
 * names its schema as `apiRequest<typeof <name>Schema>` with the schema imported from @shared/schemas, or
 * passes the schema to parse with. The type system already refuses a type argument that is not a zod schema;
 * this also refuses a hand-made one (`z.ZodType<{ … }>`) and a schema declared in the frontend.
 */
describe('every API answer is typed by a shared schema', () => {
  const calls = apiCalls();

  it('finds the calls (the scan works)', () => {
    expect(calls.length).toBeGreaterThan(60);
    expect(calls.some((call) => call.file.includes('setup-api'))).toBe(true);
  });

  it('names a schema imported from @shared/schemas, or parses with one', () => {
    const offenders = calls.filter((call) => {
      if (call.typeArgument === undefined) return !call.parses;
      const name = /^typeof (\w+Schema)$/.exec(call.typeArgument)?.[1];
      if (!name) return true;
      const importLine = new RegExp(`import type \\{[^}]*\\b${name}\\b[^}]*\\} from '@shared/schemas/`);
      return !importLine.test(call.imports);
    });
    expect(offenders.map((call) => `${call.file}: apiRequest<${call.typeArgument ?? ''}>`)).toEqual([]);
  });
});
