import { createAppointmentRepository } from '../../backend/src/capabilities/appointments/records/appointments';
import { createBusinessConfigRepository } from '../../backend/src/capabilities/setup/records/business-config';
import { createCalendarConnectionRepository } from '../../backend/src/capabilities/calendars/records/calendar-connections';
import { createConversationRepository } from '../../backend/src/capabilities/conversations/records/conversations';
import { createOwnerMessageRepository } from '../../backend/src/capabilities/conversations/records/owner-messages';
import { createSubscriptionRepository } from '../../backend/src/capabilities/billing/records/subscriptions';
import { loadOverview, type OverviewData } from '../../backend/src/capabilities/overview/overview-routes';
import { createMessagingRegistrationRepository } from '../../backend/src/capabilities/messaging-registration/records/messaging-registrations';
import { history } from '../fixtures/conversations';
import {
  formatReadScale,
  interleavedMethod,
  ratioOf,
  timeInterleaved,
  withBenchTables,
  type Percentiles,
} from './read-scale';

const GOAL_RATIO = 1.2;

export type OverviewReadFigure = {
  measuredAt: string;
  samples: number;
  /** Conversations stored for each owner, and how many of them fall in the measured week. */
  owners: { history: number; weekOnly: number };
  historyMs: Percentiles;
  weekOnlyMs: Percentiles;
  ratio: Percentiles;
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
  const tableName = 'bench-overview';
  return withBenchTables([tableName], async ({ doc }) => {
    const data: OverviewData = {
      businessConfigs: createBusinessConfigRepository(doc, tableName),
      subscriptions: createSubscriptionRepository(doc, tableName),
      calendarConnections: createCalendarConnectionRepository(doc, tableName),
      conversations: createConversationRepository(doc, tableName),
      ownerMessages: createOwnerMessageRepository(doc, tableName),
      appointments: createAppointmentRepository(doc, tableName),
      messagingRegistrations: createMessagingRegistrationRepository(doc, tableName),
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
    )) as [Percentiles, Percentiles];
    return {
      measuredAt: new Date().toISOString(),
      samples: settings.samples,
      owners: { history: all.length, weekOnly: lastWeek.length },
      historyMs,
      weekOnlyMs,
      ratio: ratioOf(historyMs, weekOnlyMs),
      goalRatio: GOAL_RATIO,
      method: interleavedMethod('loadOverview (the route’s reads and aggregation)', 'owners'),
    };
  });
}

export const formatOverviewRead = (figure: OverviewReadFigure) =>
  formatReadScale(
    'overview_read',
    [
      [`${figure.owners.history} conversations (a year)`, figure.historyMs],
      [`${figure.owners.weekOnly} (the last 7 days only)`, figure.weekOnlyMs],
    ],
    figure,
  );
