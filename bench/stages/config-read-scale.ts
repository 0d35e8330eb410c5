import path from 'node:path';
import { writeInBatches } from '../../backend/src/data/batch-write';
import { createBusinessConfigRepository } from '../../backend/src/data/business-config';
import { ensureAppTable } from '../../backend/src/data/create-tables';
import { createDynamoClients } from '../../backend/src/data/dynamo-client';
import { keys } from '../../backend/src/data/keys';
import { assertJava, startDynamoDbLocal } from '../../scripts/local-stack/dynamodb-local';
import { REPO_ROOT } from '../../scripts/local-stack/local-stack';
import { freePort } from '../../scripts/local-stack/ports';
import { registerService } from '../children';
import { businessConfigFixture } from '../fixtures/business-config';
import { formatTable } from '../report';
import { round } from '../stats';
import { timeInterleaved } from './call-log-page';

const GOAL_RATIO = 1.15;
/** Batch writes in flight while seeding: enough to fill 10,000 owners in seconds, not minutes. */
const SEED_CONCURRENCY = 8;

export type ConfigReadScaleFigure = {
  measuredAt: string;
  samples: number;
  owners: { large: number; small: number };
  largeMs: { p50: number; p99: number };
  smallMs: { p50: number; p99: number };
  ratio: { p50: number; p99: number };
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
 * `config_read_scale` (issue 16 §6): the config read (`getConfig`, the config route's own read) in a table
 * of 10,000 owners ÷ the same in a table of 10, both in one DynamoDB Local, owners read in rotation and
 * the two tables interleaved sample by sample. A read by key costs the same whatever the table holds; a
 * Scan would grow with it (backend/src/data/access-patterns.test.ts keeps Scans out of the backend).
 */
export async function measureConfigReadScale(
  settings: { large: number; small: number; samples: number },
  log: (line: string) => void,
): Promise<ConfigReadScaleFigure> {
  assertJava();
  const dynamodb = await startDynamoDbLocal({
    port: await freePort(),
    cacheRoot: path.join(REPO_ROOT, '.local', 'cache'),
    echo: false,
  });
  const unregister = registerService(dynamodb);
  try {
    const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: dynamodb.endpoint });
    const tables = { small: 'bench-owners-small', large: 'bench-owners-large' };
    for (const table of Object.values(tables)) await ensureAppTable(client, table);
    log(`storing ${settings.large} owners' configs in one table and ${settings.small} in another…`);
    await seed(doc, tables.large, settings.large);
    await seed(doc, tables.small, settings.small);
    const reader = (tableName: string, owners: number) => {
      const repository = createBusinessConfigRepository(doc, tableName);
      let next = 0;
      return async () => {
        const owner = ownerId((next = (next + 7919) % owners)); // a prime step: every owner in turn, spread out
        if (!(await repository.getConfig(owner))) throw new Error(`no config for ${owner} in ${tableName}`);
      };
    };
    log('timing config reads…');
    const [smallMs, largeMs] = (await timeInterleaved(
      [reader(tables.small, settings.small), reader(tables.large, settings.large)],
      settings.samples,
    )) as [ConfigReadScaleFigure['smallMs'], ConfigReadScaleFigure['largeMs']];
    client.destroy();
    return {
      measuredAt: new Date().toISOString(),
      samples: settings.samples,
      owners: { large: settings.large, small: settings.small },
      largeMs,
      smallMs,
      ratio: { p50: round(largeMs.p50 / smallMs.p50), p99: round(largeMs.p99 / smallMs.p99) },
      goalRatio: GOAL_RATIO,
      method:
        'business config repository getConfig (the config route’s read) against DynamoDB Local, two tables interleaved sample by sample, after 20 warm-up rounds',
    };
  } finally {
    unregister();
    await dynamodb.stop();
  }
}

export function formatConfigReadScale(figure: ConfigReadScaleFigure): string {
  return formatTable([
    ['config_read_scale', 'p50 ms', 'p99 ms'],
    [`${figure.owners.small} owners`, String(figure.smallMs.p50), String(figure.smallMs.p99)],
    [`${figure.owners.large} owners`, String(figure.largeMs.p50), String(figure.largeMs.p99)],
    [`ratio (goal p50 ≤ ${figure.goalRatio})`, String(figure.ratio.p50), String(figure.ratio.p99)],
  ]);
}
