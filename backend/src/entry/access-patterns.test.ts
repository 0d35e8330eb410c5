import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlanted } from '../../../tests/support/import-boundaries';

/**
 * docs/data-model.md: every request-path access is by key or by index, never a Scan, so a request costs the
 * same with 10 owners or 10,000 (bench figure config_read_scale). A DynamoDB Query always names one
 * partition key (of the table or an index); what reads a whole table or partition set is a Scan or PartiQL.
 * This walks the backend's sources for them. A future operator job that truly needs one lists its file here
 * with the reason, and must not be reachable from a route.
 */
const ALLOWED_FILES: Record<string, string> = {};

const SRC = path.resolve(__dirname, '..');
/** Commands and helpers that read without a key: Scan (and its paginator) and PartiQL statements. */
const UNKEYED =
  /\b(ScanCommand|paginateScan|ExecuteStatementCommand|BatchExecuteStatementCommand|ExecuteTransactionCommand)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !isPlanted(entry.name)
      ? [file]
      : [];
  });
}

describe('DynamoDB access patterns', () => {
  const files = sourceFiles(SRC);

  it('finds the data layer (the walk reads the real sources)', () => {
    const relative = files.map((file) => path.relative(SRC, file));
    expect(relative).toEqual(
      expect.arrayContaining([
        'capabilities/setup/records/business-config.ts',
        'capabilities/conversations/records/conversations.ts',
      ]),
    );
    expect(files.some((file) => readFileSync(file, 'utf8').includes('QueryCommand'))).toBe(true);
  });

  it('reads by key or index only: no Scan or PartiQL outside the allowed files', () => {
    const offenders = files
      .filter((file) => !(path.relative(SRC, file) in ALLOWED_FILES))
      .filter((file) => UNKEYED.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('would notice a Scan', () => {
    expect(UNKEYED.test("import { ScanCommand } from '@aws-sdk/lib-dynamodb';")).toBe(true);
    expect(UNKEYED.test('new QueryCommand({ ScanIndexForward: false })')).toBe(false);
  });
});
