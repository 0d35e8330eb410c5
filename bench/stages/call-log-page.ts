import path from 'node:path';
import { ensureAppTable } from '../../backend/src/data/create-tables';
import { createConversationRepository } from '../../backend/src/data/conversations';
import { createDynamoClients } from '../../backend/src/data/dynamo-client';
import type { Conversation } from '../../shared/schemas/conversation';
import { CALL_LOG_PAGE_SIZE } from '../../shared/schemas/call-log';
import { assertJava, startDynamoDbLocal } from '../../scripts/local-stack/dynamodb-local';
import { REPO_ROOT } from '../../scripts/local-stack/local-stack';
import { freePort } from '../../scripts/local-stack/ports';
import { registerService } from '../children';
import { formatTable } from '../report';
import { percentile, round } from '../stats';

const GOAL_RATIO = 1.2;

export type CallLogPageFigure = {
  measuredAt: string;
  samples: number;
  owners: { large: number; small: number };
  /** First page (newest 25), unfiltered and filtered by outcome, in ms. */
  largeMs: { p50: number; p99: number };
  smallMs: { p50: number; p99: number };
  filteredLargeMs: { p50: number; p99: number };
  ratio: { p50: number; p99: number };
  goalRatio: number;
  method: string;
};

/** Conversations spread over the last year, a few minutes apart, like a busy line's history. */
export function history(count: number): Conversation[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, n) => {
    const started = new Date(now - (count - n) * 26 * 60_000).toISOString();
    return {
      id: `c${n}`,
      business_id: 'bench-business',
      channel: n % 4 === 0 ? 'sms' : 'voice',
      caller: `+1415555${String(n % 10_000).padStart(4, '0')}`,
      started_at: started,
      ended_at: new Date(Date.parse(started) + 120_000).toISOString(),
      transcript: Array.from({ length: 8 }, (_, t) => ({
        speaker: t % 2 === 0 ? ('caller' as const) : ('assistant' as const),
        text: `A typical sentence said in turn ${t} of conversation ${n}, long enough to weigh what a real one does.`,
        at: started,
      })),
      objectives_met: { appointment_booked: n % 3 === 0 },
      amount_collected_cents: n % 9 === 0 ? 2500 : 0,
      escalated: false,
      outcome: n % 3 === 0 ? 'booked' : 'answered',
      actions: [],
    };
  });
}

/** Reads interleaved sample by sample, so a burst of load on the machine weighs on every owner alike. */
export async function timeInterleaved(reads: Array<() => Promise<unknown>>, samples: number) {
  for (let i = 0; i < 20; i += 1) for (const read of reads) await read();
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

/**
 * `call_log_page` (issue 13): the first page of the call log for an owner with 20,000 conversations ÷ the
 * same for an owner with 20, through the repository the route uses, against DynamoDB Local. A key-ordered
 * Query with a projection makes the ratio ~1; a Scan or reading transcripts would grow with the history.
 */
export async function measureCallLogPage(
  settings: { large: number; small: number; samples: number },
  log: (line: string) => void,
): Promise<CallLogPageFigure> {
  assertJava();
  const dynamodb = await startDynamoDbLocal({
    port: await freePort(),
    cacheRoot: path.join(REPO_ROOT, '.local', 'cache'),
    echo: false,
  });
  const unregister = registerService(dynamodb);
  try {
    const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: dynamodb.endpoint });
    const tableName = 'bench-call-log';
    await ensureAppTable(client, tableName);
    const conversations = createConversationRepository(doc, tableName);
    log(`storing ${settings.large} conversations for one owner and ${settings.small} for another…`);
    await conversations.saveConversations('owner-large', history(settings.large));
    await conversations.saveConversations('owner-small', history(settings.small));
    const firstPage = (owner: string, outcome?: 'booked') => () =>
      conversations.pageConversations(owner, {
        from: new Date(0),
        to: new Date(Date.now() + 86_400_000),
        limit: CALL_LOG_PAGE_SIZE.default,
        ...(outcome ? { outcome } : {}),
      });
    log('timing first pages…');
    const [smallMs, largeMs, filteredLargeMs] = (await timeInterleaved(
      [firstPage('owner-small'), firstPage('owner-large'), firstPage('owner-large', 'booked')],
      settings.samples,
    )) as [CallLogPageFigure['smallMs'], CallLogPageFigure['largeMs'], CallLogPageFigure['largeMs']];
    client.destroy();
    return {
      measuredAt: new Date().toISOString(),
      samples: settings.samples,
      owners: { large: settings.large, small: settings.small },
      largeMs,
      smallMs,
      filteredLargeMs,
      ratio: { p50: round(largeMs.p50 / smallMs.p50), p99: round(largeMs.p99 / smallMs.p99) },
      goalRatio: GOAL_RATIO,
      method:
        'conversation repository pageConversations (the route’s read) against DynamoDB Local, owners interleaved sample by sample, after 20 warm-up rounds',
    };
  } finally {
    unregister();
    await dynamodb.stop();
  }
}

export function formatCallLogPage(figure: CallLogPageFigure): string {
  return formatTable([
    ['call_log_page', 'p50 ms', 'p99 ms'],
    [`${figure.owners.small} conversations`, String(figure.smallMs.p50), String(figure.smallMs.p99)],
    [`${figure.owners.large} conversations`, String(figure.largeMs.p50), String(figure.largeMs.p99)],
    [
      `${figure.owners.large}, outcome filter`,
      String(figure.filteredLargeMs.p50),
      String(figure.filteredLargeMs.p99),
    ],
    [`ratio (goal ≤ ${figure.goalRatio})`, String(figure.ratio.p50), String(figure.ratio.p99)],
  ]);
}
