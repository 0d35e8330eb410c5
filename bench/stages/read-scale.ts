import path from 'node:path';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { assertJava, startDynamoDbLocal } from '../../scripts/local-stack/dynamodb-local';
import { REPO_ROOT } from '../../scripts/local-stack/local-stack';
import { freePort } from '../../scripts/local-stack/ports';
import { registerService } from '../children';
import { formatTable, goalMark } from '../report';
import { percentile, round } from '../stats';

/**
 * What the read-at-scale stages share (call_log_page, config_read_scale, overview_read): one read timed for
 * a large owner (or table) and a small one in the same DynamoDB Local, interleaved sample by sample, and
 * reported as large ÷ small. A read by key or key range costs the same whatever else is stored.
 */
export type Percentiles = { p50: number; p99: number };

export const WARM_UP_ROUNDS = 20;

/** The method line every such figure records: what is read, and how the two sides are compared. */
export const interleavedMethod = (read: string, sides: string) =>
  `${read} against DynamoDB Local, ${sides} interleaved sample by sample, after ${WARM_UP_ROUNDS} warm-up rounds`;

type Clients = ReturnType<typeof createDynamoClients>;

/** A DynamoDB Local of the stage's own with these tables, stopped however the stage ends. */
export async function withBenchTables<T>(
  tableNames: string[],
  run: (clients: Clients, endpoint: string) => Promise<T>,
): Promise<T> {
  assertJava();
  const dynamodb = await startDynamoDbLocal({
    port: await freePort(),
    cacheRoot: path.join(REPO_ROOT, '.local', 'cache'),
    echo: false,
  });
  const unregister = registerService(dynamodb);
  try {
    const clients = createDynamoClients({ region: 'us-east-1', endpoint: dynamodb.endpoint });
    for (const tableName of tableNames) await ensureAppTable(clients.client, tableName);
    try {
      return await run(clients, dynamodb.endpoint);
    } finally {
      clients.client.destroy();
    }
  } finally {
    unregister();
    await dynamodb.stop();
  }
}

/** Reads interleaved sample by sample, so a burst of load on the machine weighs on every side alike. */
export async function timeInterleaved(
  reads: Array<() => Promise<unknown>>,
  samples: number,
): Promise<Percentiles[]> {
  for (let i = 0; i < WARM_UP_ROUNDS; i += 1) for (const read of reads) await read();
  const times = reads.map(() => [] as number[]);
  for (let i = 0; i < samples; i += 1) {
    for (const [index, read] of reads.entries()) {
      const started = performance.now();
      await read();
      times[index]!.push(performance.now() - started);
    }
  }
  return times.map((series) => {
    series.sort((a, b) => a - b);
    return { p50: round(percentile(series, 50)), p99: round(percentile(series, 99)) };
  });
}

export const ratioOf = (large: Percentiles, small: Percentiles): Percentiles => ({
  p50: round(large.p50 / small.p50),
  p99: round(large.p99 / small.p99),
});

/**
 * The stage's table: one row a side, then the ratio, its p50 judged against the goal (the p99 of a
 * DynamoDB Local read swings both ways from run to run on this machine, bench/README.md).
 */
export function formatReadScale(
  name: string,
  sides: Array<[label: string, ms: Percentiles]>,
  figure: { ratio: Percentiles; goalRatio: number },
): string {
  return formatTable([
    [name, 'p50 ms', 'p99 ms', 'goal'],
    ...sides.map(([label, ms]) => [label, String(ms.p50), String(ms.p99), '']),
    [
      'ratio',
      String(figure.ratio.p50),
      String(figure.ratio.p99),
      `p50 ≤ ${figure.goalRatio} ${goalMark(figure.ratio.p50 <= figure.goalRatio)}`,
    ],
  ]);
}
