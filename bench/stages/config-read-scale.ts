import { writeInBatches } from '../../backend/src/platform/dynamo/batch-write';
import { createBusinessConfigRepository } from '../../backend/src/capabilities/setup/records/business-config';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { businessConfigFixture } from '../fixtures/business-config';
import {
  formatReadScale,
  interleavedMethod,
  ratioOf,
  timeInterleaved,
  withBenchTables,
  type Percentiles,
} from './read-scale';

const GOAL_RATIO = 1.15;
/** Batch writes in flight while seeding: enough to fill 10,000 owners in seconds, not minutes. */
const SEED_CONCURRENCY = 8;

export type ConfigReadScaleFigure = {
  measuredAt: string;
  samples: number;
  owners: { large: number; small: number };
  largeMs: Percentiles;
  smallMs: Percentiles;
  ratio: Percentiles;
  goalRatio: number;
  method: string;
};

const ownerId = (n: number) => `owner-${String(n).padStart(6, '0')}`;

async function seed(
  doc: Parameters<typeof writeInBatches>[0],
  tableName: string,
  owners: number,
): Promise<void> {
  const items = Array.from({ length: owners }, (_, n) => ({
    PutRequest: { Item: { ...keys.businessConfig(ownerId(n)), ...businessConfigFixture(ownerId(n)) } },
  }));
  const slice = Math.ceil(items.length / SEED_CONCURRENCY);
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, (_, i) =>
      writeInBatches(doc, tableName, items.slice(i * slice, (i + 1) * slice)),
    ),
  );
}

/**
 * `config_read_scale` (issue 16 §6): the config read (`getConfigWithSetup`, the config route's own read: one
 * GetItem, the setup sources kept on the item, docs/decisions/187-config-one-read.md) in a table
 * of 10,000 owners ÷ the same in a table of 10, both in one DynamoDB Local, owners read in rotation and
 * the two tables interleaved sample by sample. A read by key costs the same whatever the table holds; a
 * Scan would grow with it (backend/src/entry/access-patterns.test.ts keeps Scans out of the backend).
 */
export async function measureConfigReadScale(
  settings: { large: number; small: number; samples: number },
  log: (line: string) => void,
): Promise<ConfigReadScaleFigure> {
  const tables = { small: 'bench-owners-small', large: 'bench-owners-large' };
  return withBenchTables(Object.values(tables), async ({ doc }) => {
    log(`storing ${settings.large} owners' configs in one table and ${settings.small} in another…`);
    await seed(doc, tables.large, settings.large);
    await seed(doc, tables.small, settings.small);
    const reader = (tableName: string, owners: number) => {
      const repository = createBusinessConfigRepository(doc, tableName);
      let next = 0;
      return async () => {
        const owner = ownerId((next = (next + 7919) % owners)); // a prime step: every owner in turn, spread out
        const { config } = await repository.getConfigWithSetup(owner);
        if (!config) throw new Error(`no config for ${owner} in ${tableName}`);
      };
    };
    log('timing config reads…');
    const [smallMs, largeMs] = (await timeInterleaved(
      [reader(tables.small, settings.small), reader(tables.large, settings.large)],
      settings.samples,
    )) as [Percentiles, Percentiles];
    return {
      measuredAt: new Date().toISOString(),
      samples: settings.samples,
      owners: { large: settings.large, small: settings.small },
      largeMs,
      smallMs,
      ratio: ratioOf(largeMs, smallMs),
      goalRatio: GOAL_RATIO,
      method: interleavedMethod(
        'business config repository getConfig (the config route’s read)',
        'two tables',
      ),
    };
  });
}

export const formatConfigReadScale = (figure: ConfigReadScaleFigure) =>
  formatReadScale(
    'config_read_scale',
    [
      [`${figure.owners.small} owners`, figure.smallMs],
      [`${figure.owners.large} owners`, figure.largeMs],
    ],
    figure,
  );
