import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { CLIENT_TIMINGS } from '@shared/client-timings';
import { phoneDigits } from '@shared/phone/phone-number';
import { formatAmount } from '@shared/plans';
import type { CallLogEntry } from '@shared/schemas/call-log';
import { CALL_LOG_TEXTS, callRouteLabel, CHANNEL_LABELS, OUTCOME_LABELS } from '@shared/call-log';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from '@shared/language';
import { servedLanguages } from '@shared/language-settings';
import {
  CONVERSATION_CHANNELS,
  CONVERSATION_OUTCOMES,
  type ConversationChannel,
  type ConversationOutcome,
} from '@shared/conversation';
import { callLogApi, type CallLogFilters } from '../../api/call-log-api';
import { formatAssistantPhone } from '../../assistant-phone';
import {
  CALL_LOG_RANGES,
  durationLabel,
  momentLabel,
  rangeStart,
  type CallLogRangeKey,
} from '../../call-log-format';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { useGuardedDashboardConfig } from '../../hooks/use-dashboard-config';
import { ConversationDetail } from './conversation-detail';
import { LanguageBadge } from '../language-badge';
import { PrivacyPanel } from './privacy-panel';
import { BlockedNumbersPanel } from '../../../caller-gates';
import './call-log.css';
import { ManipulationMark } from './manipulation-mark';

/** Typing in the number search waits for a pause before it queries (spec §9 debounce). */
function useDebounced<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), CLIENT_TIMINGS.debounceMs);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Issue 13 §1: every conversation the assistant had, newest first, in the business's time zone; filters by
 * outcome, channel, the caller's language and range, search by number, older pages on demand; a row opens the whole conversation.
 */
export function CallLogTab({ userId }: { userId: string }) {
  const [channel, setChannel] = useState<ConversationChannel | ''>('');
  const [outcome, setOutcome] = useState<ConversationOutcome | ''>('');
  const [language, setLanguage] = useState<Language | ''>('');
  const [range, setRange] = useState<CallLogRangeKey>('all');
  const [phoneInput, setPhoneInput] = useState('');
  const phone = useDebounced(phoneDigits(phoneInput));
  const [open, setOpen] = useState<CallLogEntry | undefined>();
  const config = useGuardedDashboardConfig(userId);
  // A summary e-mail's link (…?tab=calls&conversation=<id>&started_at=<iso>) opens that conversation.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('conversation');
  const linkedStart = searchParams.get('started_at');

  // The range start is fixed when the choice is made, so paging keeps one window.
  const from = useMemo(() => rangeStart(range, new Date()), [range]);
  const filters: CallLogFilters = {
    ...(channel ? { channel } : {}),
    ...(outcome ? { outcome } : {}),
    ...(language ? { language } : {}),
    ...(phone ? { phone } : {}),
    ...(from ? { from } : {}),
  };
  const log = useInfiniteQuery({
    queryKey: dashboardQueryKeys.callLog(userId, filters),
    queryFn: ({ pageParam }) => callLogApi.page(userId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    // A new filter keeps the rows on screen until its answer arrives, instead of flashing "Loading…".
    placeholderData: keepPreviousData,
  });

  if (open) {
    return (
      <ConversationDetail userId={userId} target={open} entry={open} onBack={() => setOpen(undefined)} />
    );
  }
  if (linkedId && linkedStart) {
    return (
      <ConversationDetail
        userId={userId}
        target={{ id: linkedId, started_at: linkedStart }}
        onBack={() => setSearchParams({ tab: 'calls' }, { replace: true })}
      />
    );
  }

  const timeZone = log.data?.pages[0]?.time_zone ?? 'UTC';
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtering = Boolean(channel || outcome || language || phone || from);
  // An English-only business has nothing to filter by language, unless it served another language before
  // (Spanish switched off later) or a filter is already chosen.
  const showLanguageFilter =
    Boolean(language) ||
    servedLanguages(config.data ?? {}).length > 1 ||
    entries.some((entry) => entry.language !== DEFAULT_LANGUAGE);

  return (
    <div className="call-log-stack">
      <section className="card dashboard-panel call-log" aria-labelledby="call-log-title">
        <h2 id="call-log-title">{CALL_LOG_TEXTS.title}</h2>
        <p className="dashboard-muted">{CALL_LOG_TEXTS.intro}</p>
        <div className="call-log-filters">
          <div className="field">
            <label htmlFor="call-log-range">Date range</label>
            <select
              id="call-log-range"
              value={range}
              onChange={(e) => setRange(e.target.value as CallLogRangeKey)}
            >
              {CALL_LOG_RANGES.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="call-log-channel">Channel</label>
            <select
              id="call-log-channel"
              value={channel}
              onChange={(e) => setChannel(e.target.value as ConversationChannel | '')}
            >
              <option value="">All channels</option>
              {CONVERSATION_CHANNELS.map((value) => (
                <option key={value} value={value}>
                  {CHANNEL_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="call-log-outcome">Outcome</label>
            <select
              id="call-log-outcome"
              value={outcome}
              onChange={(e) => setOutcome(e.target.value as ConversationOutcome | '')}
            >
              <option value="">All outcomes</option>
              {CONVERSATION_OUTCOMES.map((value) => (
                <option key={value} value={value}>
                  {OUTCOME_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          {showLanguageFilter && (
            <div className="field">
              <label htmlFor="call-log-language">{CALL_LOG_TEXTS.language}</label>
              <select
                id="call-log-language"
                value={language}
                onChange={(e) => setLanguage(e.target.value as Language | '')}
              >
                <option value="">{CALL_LOG_TEXTS.allLanguages}</option>
                {LANGUAGES.map((value) => (
                  <option key={value} value={value}>
                    {LANGUAGE_NAMES[value]}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="call-log-phone">Caller number</label>
            <input
              id="call-log-phone"
              type="search"
              inputMode="tel"
              maxLength={30}
              placeholder="e.g. 415-555"
              value={phoneInput}
              onChange={(e) => setPhoneInput(e.target.value)}
            />
          </div>
        </div>

        {log.isError ? (
          <p className="alert alert-error" role="alert">
            {CALL_LOG_TEXTS.loadFailed}
          </p>
        ) : null}
        {log.isPending ? <p className="dashboard-muted">Loading…</p> : null}
        {log.isSuccess && entries.length === 0 ? (
          <p className="call-log-empty">{filtering ? CALL_LOG_TEXTS.noMatch : CALL_LOG_TEXTS.empty}</p>
        ) : null}
        {entries.length > 0 ? (
          <div className="call-log-table-wrap">
            <table className="call-log-table">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Caller</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Summary</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={`${entry.started_at}-${entry.id}`} data-testid="call-log-row">
                    <td className="call-log-time">
                      <button type="button" className="btn-link" onClick={() => setOpen(entry)}>
                        {momentLabel(entry.started_at, timeZone)}
                      </button>
                    </td>
                    <td className="call-log-caller">{formatAssistantPhone(entry.caller)}</td>
                    <td>
                      <span className="call-log-tags">
                        <span className={`call-log-channel call-log-channel-${entry.channel}`}>
                          {CHANNEL_LABELS[entry.channel]}
                        </span>
                        <LanguageBadge language={entry.language} />
                      </span>
                    </td>
                    <td className="call-log-number">
                      {entry.open ? CALL_LOG_TEXTS.ongoing : durationLabel(entry.duration_seconds)}
                    </td>
                    <td>
                      <span className={`call-log-outcome call-log-outcome-${entry.outcome}`}>
                        {OUTCOME_LABELS[entry.outcome]}
                      </span>
                    </td>
                    <td className="call-log-number">
                      {entry.amount_collected_cents > 0 ? formatAmount(entry.amount_collected_cents) : '—'}
                    </td>
                    <td className="call-log-summary">
                      {entry.summary}
                      {callRouteLabel(entry) ? (
                        <span className="call-log-route" data-testid="call-log-route">
                          {callRouteLabel(entry)}
                        </span>
                      ) : null}
                      <ManipulationMark entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {log.hasNextPage ? (
          <button
            type="button"
            className="btn btn-secondary call-log-more"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? 'Loading…' : CALL_LOG_TEXTS.loadMore}
          </button>
        ) : null}
      </section>
      <BlockedNumbersPanel userId={userId} timeZone={log.data?.pages[0]?.time_zone} />
      <PrivacyPanel userId={userId} />
    </div>
  );
}
