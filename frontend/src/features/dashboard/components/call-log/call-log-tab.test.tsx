import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  CALL_LOG_TEXTS,
  CALL_ROUTE_LABELS,
  OUTCOME_LABELS,
  OWNER_ANSWERED_SUMMARY,
  OWNER_MISSED_SUMMARY,
} from '@shared/call-log';
import type { CallLogDetail, CallLogEntry, CallLogPage } from '@shared/schemas/call-log';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { CallLogTab } from './call-log-tab';
import { ConversationDetail } from './conversation-detail';

const ownerAnswered: CallLogEntry = {
  id: 'call-CA0123456789abcdef0123456789abcdef',
  channel: 'voice',
  caller: '+14155550199',
  started_at: '2026-11-29T15:00:00.000Z',
  ended_at: '2026-11-29T15:03:05.000Z',
  duration_seconds: 185,
  outcome: 'answered',
  amount_collected_cents: 0,
  summary: OWNER_ANSWERED_SUMMARY,
  open: false,
  language: 'en',
  call_route: 'ring_first',
  answered: false,
  owner_answered: true,
};
const assistantAnswered: CallLogEntry = {
  ...ownerAnswered,
  id: 'call-CAfedcba9876543210fedcba9876543210',
  summary: 'Asked: “Do you have time today?”',
  owner_dial_status: 'no-answer',
  answered: true,
  owner_answered: undefined,
};

/** After hours only, in opening hours: the business phone rang out (decision 173, session 42). */
const missedOnBusinessLine: CallLogEntry = {
  ...ownerAnswered,
  id: 'call-CA00112233445566778899aabbccddeeff',
  outcome: 'missed',
  summary: OWNER_MISSED_SUMMARY,
  call_route: 'business_line',
  owner_dial_status: 'no-answer',
  owner_answered: false,
};

const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });

/** The call log as the server would render it from a cached first page. */
function renderLog(entries: CallLogEntry[]) {
  const queries = client();
  const page: CallLogPage = { time_zone: 'America/New_York', entries };
  queries.setQueryData(dashboardQueryKeys.callLog('owner-1', {}), { pages: [page], pageParams: [undefined] });
  return renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <CallLogTab userId="owner-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const routeLabels = (html: string) =>
  [...html.matchAll(/data-testid="call-log-route">([^<]*)</g)].map((match) => match[1]);

/** The detail of a call nobody spoke with the assistant on: no transcript, no actions. */
function renderTranscriptless(entry: CallLogEntry) {
  const queries = client();
  const detail: CallLogDetail = {
    ...entry,
    time_zone: 'America/New_York',
    escalated: false,
    transcript: [],
    actions: [],
    objectives_met: {},
  };
  queries.setQueryData(dashboardQueryKeys.conversation('owner-1', entry.id), detail);
  return renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <ConversationDetail userId="owner-1" target={entry} entry={entry} onBack={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('the call log: a ring-me-first call the owner picked up (decision 173, session 41)', () => {
  it('is listed as answered by the owner, beside the calls the assistant took', () => {
    const html = renderLog([ownerAnswered, assistantAnswered]);
    expect(routeLabels(html)).toEqual([CALL_ROUTE_LABELS.owner, CALL_ROUTE_LABELS.ring_first['no-answer']]);
    expect(CALL_ROUTE_LABELS.owner).toBe('Answered by you');
    expect(html).toContain(OWNER_ANSWERED_SUMMARY);
    expect(html).toContain('3m 05s');
    // Never called a call nobody answered.
    expect(html).not.toContain(CALL_ROUTE_LABELS.unanswered.ring_first);
  });

  it('opens to a plain note instead of an empty transcript', () => {
    const html = renderTranscriptless(ownerAnswered);
    expect(html).toContain(CALL_LOG_TEXTS.ownerAnswered);
    expect(html).toContain(`data-testid="conversation-route">${CALL_ROUTE_LABELS.owner}<`);
    expect(html).not.toContain(CALL_LOG_TEXTS.transcript);
    expect(html).not.toContain(CALL_LOG_TEXTS.noActions);
  });
});

describe('the call log: an in-hours call nobody picked up on the business phone (decision 173, session 42)', () => {
  it('is listed as missed, with what the business phone did', () => {
    const html = renderLog([missedOnBusinessLine, ownerAnswered]);
    expect(routeLabels(html)).toEqual([CALL_ROUTE_LABELS.ownerMissed['no-answer'], CALL_ROUTE_LABELS.owner]);
    expect(html).toContain(OWNER_MISSED_SUMMARY);
    expect(html).toContain(`>${OUTCOME_LABELS.missed}<`);
    // The outcome filter offers it.
    expect(html).toContain(`<option value="missed">${OUTCOME_LABELS.missed}</option>`);
  });

  it('opens to a plain note saying nobody spoke with the caller', () => {
    const html = renderTranscriptless(missedOnBusinessLine);
    expect(html).toContain(CALL_LOG_TEXTS.ownerMissed);
    expect(html).not.toContain(CALL_LOG_TEXTS.ownerAnswered);
    expect(html).not.toContain(CALL_LOG_TEXTS.transcript);
  });
});
