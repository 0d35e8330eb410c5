import path from 'node:path';
import { createAppointmentRepository } from '../../backend/src/data/appointments';
import { createBusinessConfigRepository } from '../../backend/src/data/business-config';
import { createCalendarConnectionRepository } from '../../backend/src/data/calendar-connections';
import { ensureAppTable } from '../../backend/src/data/create-tables';
import { createConversationRepository } from '../../backend/src/data/conversations';
import { createDynamoClients } from '../../backend/src/data/dynamo-client';
import { createOwnerMessageRepository } from '../../backend/src/data/owner-messages';
import { createSubscriptionRepository } from '../../backend/src/data/subscriptions';
import { loadOverview, type OverviewData } from '../../backend/src/routes/overview/overview-routes';
import { assertJava, startDynamoDbLocal } from '../../scripts/local-stack/dynamodb-local';
import { REPO_ROOT } from '../../scripts/local-stack/local-stack';
import { freePort } from '../../scripts/local-stack/ports';
import { registerService } from '../children';
import { formatTable } from '../report';
import { round } from '../stats';
import { history, timeInterleaved } from './call-log-page';

const GOAL_RATIO = 1.2;

export type OverviewReadFigure = {
  measuredAt: string;
  samples: number;
  /** Conversations stored for each owner, and how many of them fall in the measured week. */
  owners: { history: number; weekOnly: number };
  historyMs: { p50: number; p99: number };
  weekOnlyMs: { p50: number; p99: number };
  ratio: { p50: number; p99: number };
  goalRatio: number;
  method: string;
};

/**
 * `overview_read` (issue 13 §3): the Overview endpoint's reads and aggregation (loadOverview, what the route
 * runs after the token check) for an owner with 20,000 conversations over a year ÷ for an owner holding only
 * the same last seven days. Both compute the same week; a ratio near 1 shows the year of history costs
 * nothing (sk ranges, no Scan, no transcripts).
 */
export async function measureOverviewRead(
  settings: { history: number; samples: number },
  log: (line: string) => void,
): Promise<OverviewReadFigure> {
  assertJava();
  const dynamodb = await startDynamoDbLocal({
    port: await freePort(),
    cacheRoot: path.join(REPO_ROOT, '.local', 'cache'),
    echo: false,
  });
  const unregister = registerService(dynamodb);
  try {
    const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: dynamodb.endpoint });
    const tableName = 'bench-overview';
    await ensureAppTable(client, tableName);
    const data: OverviewData = {
      businessConfigs: createBusinessConfigRepository(doc, tableName),
      subscriptions: createSubscriptionRepository(doc, tableName),
      calendarConnections: createCalendarConnectionRepository(doc, tableName),
      conversations: createConversationRepository(doc, tableName),
      ownerMessages: createOwnerMessageRepository(doc, tableName),
      appointments: createAppointmentRepository(doc, tableName),
    };
    const all = history(settings.history);
    const weekAgo = Date.now() - 7 * 86_400_000;
    const lastWeek = all.filter((c) => Date.parse(c.started_at) >= weekAgo);
    log(
      `storing ${all.length} conversations for one owner and the last week's ${lastWeek.length} for another…`,
    );
    for (const owner of ['owner-history', 'owner-week']) {
      await data.businessConfigs.createConfig(owner, {
        business_name: 'Bench Salon',
        phone_number: '+14155550142',
        address: '1 Main St, San Francisco, CA',
      });
      await data.businessConfigs.updateConfigFields(owner, { time_zone: 'America/Los_Angeles' });
    }
    await data.conversations.saveConversations('owner-history', all);
    await data.conversations.saveConversations('owner-week', lastWeek);
    const read = (owner: string) => () => loadOverview(data, owner, new Date());
    const [a, b] = await Promise.all([read('owner-history')(), read('owner-week')()]);
    if (JSON.stringify(a.this_week) !== JSON.stringify(b.this_week)) {
      throw new Error(`both owners should have the same week: ${JSON.stringify([a.this_week, b.this_week])}`);
    }
    log(`timing the overview (this week: ${a.this_week.conversations} conversations)…`);
    const [weekOnlyMs, historyMs] = (await timeInterleaved(
      [read('owner-week'), read('owner-history')],
      settings.samples,
    )) as [OverviewReadFigure['weekOnlyMs'], OverviewReadFigure['historyMs']];
    client.destroy();
    return {
      measuredAt: new Date().toISOString(),
      samples: settings.samples,
      owners: { history: all.length, weekOnly: lastWeek.length },
      historyMs,
      weekOnlyMs,
      ratio: { p50: round(historyMs.p50 / weekOnlyMs.p50), p99: round(historyMs.p99 / weekOnlyMs.p99) },
      goalRatio: GOAL_RATIO,
      method:
        'loadOverview (the route’s reads and aggregation) against DynamoDB Local, owners interleaved sample by sample, after 20 warm-up rounds',
    };
  } finally {
    unregister();
    await dynamodb.stop();
  }
}

export function formatOverviewRead(figure: OverviewReadFigure): string {
  return formatTable([
    ['overview_read', 'p50 ms', 'p99 ms'],
    [
      `${figure.owners.history} conversations (a year)`,
      String(figure.historyMs.p50),
      String(figure.historyMs.p99),
    ],
    [
      `${figure.owners.weekOnly} (the last 7 days only)`,
      String(figure.weekOnlyMs.p50),
      String(figure.weekOnlyMs.p99),
    ],
    [`ratio (goal ≤ ${figure.goalRatio})`, String(figure.ratio.p50), String(figure.ratio.p99)],
  ]);
}
