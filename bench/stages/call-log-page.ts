import { createConversationRepository } from '../../backend/src/capabilities/conversations/records/conversations';
import { CALL_LOG_PAGE_SIZE } from '../../shared/call-log';
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

export type CallLogPageFigure = {
  measuredAt: string;
  samples: number;
  owners: { large: number; small: number };
  /** First page (newest 25), unfiltered and filtered by outcome, in ms. */
  largeMs: Percentiles;
  smallMs: Percentiles;
  filteredLargeMs: Percentiles;
  ratio: Percentiles;
  goalRatio: number;
  method: string;
};

/**
 * `call_log_page` (issue 13): the first page of the call log for an owner with 20,000 conversations ÷ the
 * same for an owner with 20, through the repository the route uses, against DynamoDB Local. A key-ordered
 * Query with a projection makes the ratio ~1; a Scan or reading transcripts would grow with the history.
 */
export async function measureCallLogPage(
  settings: { large: number; small: number; samples: number },
  log: (line: string) => void,
): Promise<CallLogPageFigure> {
  const tableName = 'bench-call-log';
  return withBenchTables([tableName], async ({ doc }) => {
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
    )) as [Percentiles, Percentiles, Percentiles];
    return {
      measuredAt: new Date().toISOString(),
      samples: settings.samples,
      owners: { large: settings.large, small: settings.small },
      largeMs,
      smallMs,
      filteredLargeMs,
      ratio: ratioOf(largeMs, smallMs),
      goalRatio: GOAL_RATIO,
      method: interleavedMethod('conversation repository pageConversations (the route’s read)', 'owners'),
    };
  });
}

export const formatCallLogPage = (figure: CallLogPageFigure) =>
  formatReadScale(
    'call_log_page',
    [
      [`${figure.owners.small} conversations`, figure.smallMs],
      [`${figure.owners.large} conversations`, figure.largeMs],
      [`${figure.owners.large}, outcome filter`, figure.filteredLargeMs],
    ],
    figure,
  );
