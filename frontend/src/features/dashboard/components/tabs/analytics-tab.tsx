import { useState } from 'react';
import { AppointmentRates } from './appointment-rates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { criterionLabel } from '@shared/analytics';
import { completionRateColor, IMPACT_COLORS } from '@shared/objective-templates';
import type { Analytics, Suggestion } from '@shared/schemas/analytics';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_TIME_RANGES,
  DEFAULT_ANALYTICS_TIME_RANGE,
  TIME_RANGE_DAYS,
  type AnalyticsTimeRange,
} from '@shared/analytics';
import { analyticsApi } from '../../api/analytics-api';
import { CompletionTrendChart } from './completion-trend-chart';
import './analytics-tab.css';

const money = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const pct = (rate: number) => `${Math.round(rate * 100)}%`;

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert-error analytics-failed" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {ANALYTICS_MESSAGES.tryAgain}
      </button>
    </div>
  );
}

function Figures({ analytics }: { analytics: Analytics }) {
  const rates = Object.entries(analytics.completion_rates);
  return (
    <>
      <div className="analytics-cards">
        <section className="card analytics-card" aria-labelledby="analytics-count">
          <h3 id="analytics-count">Conversations</h3>
          <p className="analytics-figure">{analytics.conversation_count}</p>
        </section>
        <section className="card analytics-card" aria-labelledby="analytics-revenue">
          <h3 id="analytics-revenue">Revenue collected</h3>
          <p className="analytics-figure">{money(analytics.revenue_attribution.total_revenue)}</p>
          <p className="dashboard-muted">
            {money(analytics.revenue_attribution.average_per_call)} per conversation
          </p>
        </section>
      </div>
      <section className="card analytics-section" aria-labelledby="analytics-completion">
        <h3 id="analytics-completion">Completion rates</h3>
        {rates.length === 0 ? (
          <p className="dashboard-muted">These conversations recorded no success criteria.</p>
        ) : (
          <ul className="completion-list">
            {rates.map(([criterion, rate]) => (
              <li key={criterion} className="completion-row">
                <span className="completion-name">{criterionLabel(criterion)}</span>
                <span className="completion-bar" aria-hidden="true">
                  <span
                    className={`completion-fill rate-${completionRateColor(rate)}`}
                    style={{ width: pct(rate) }}
                  />
                </span>
                <span className={`completion-value rate-text-${completionRateColor(rate)}`}>{pct(rate)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card analytics-section" aria-labelledby="analytics-trend">
        <h3 id="analytics-trend">Performance trend</h3>
        <CompletionTrendChart trend={analytics.performance_trends} />
      </section>
    </>
  );
}

function Suggestions({ suggestions }: { suggestions: Suggestion[] }) {
  if (suggestions.length === 0) return <p className="dashboard-muted">{ANALYTICS_MESSAGES.noSuggestions}</p>;
  return (
    <ul className="suggestion-list">
      {suggestions.map((s) => (
        <li key={s.id} className="suggestion">
          <div className="suggestion-head">
            <strong>{s.suggestion}</strong>
            <span className={`impact-badge impact-${IMPACT_COLORS[s.impact]}`}>{s.impact} impact</span>
            <span className="dashboard-muted">Confidence {pct(s.confidence)}</span>
          </div>
          <p>{s.description}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec §2 Analytics: figures the backend computes from the owner's stored conversations, over 7 (default),
 * 30 or 90 days, and optimization suggestions. Never sample data: nothing stored → an empty state; a
 * failed load → the spec's message with Try Again.
 */
export function AnalyticsTab(_props: { userId: string }) {
  const [range, setRange] = useState<AnalyticsTimeRange>(DEFAULT_ANALYTICS_TIME_RANGE);
  const analytics = useQuery({
    queryKey: ['analytics', range],
    queryFn: () => analyticsApi.analytics(range),
    retry: false,
  });
  const suggestions = useQuery({
    queryKey: ['analytics', 'suggestions', range],
    queryFn: () => analyticsApi.suggestions(range),
    retry: false,
  });

  const exportCsv = useMutation({ mutationFn: () => analyticsApi.exportCsv(range) });

  let body;
  if (analytics.isPending) body = <p>Loading...</p>;
  else if (analytics.isError)
    body = (
      <LoadFailed message={ANALYTICS_MESSAGES.analyticsLoadFailed} onRetry={() => void analytics.refetch()} />
    );
  else if (!analytics.data || analytics.data.conversation_count === 0)
    body = (
      <p className="card analytics-empty">{ANALYTICS_MESSAGES.noConversations(TIME_RANGE_DAYS[range])}</p>
    );
  else body = <Figures analytics={analytics.data} />;

  return (
    <div className="analytics-tab">
      <div className="analytics-toolbar">
        <h2>Analytics</h2>
        <button
          type="button"
          className="btn btn-secondary analytics-export"
          disabled={exportCsv.isPending || !analytics.data?.conversation_count}
          onClick={() => exportCsv.mutate()}
        >
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
        <div className="range-selector" role="group" aria-label="Time range">
          {ANALYTICS_TIME_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              className={`range-option${option === range ? ' range-option-active' : ''}`}
              aria-pressed={option === range}
              onClick={() => setRange(option)}
            >
              {option}
            </button>
          ))}
        </div>
      </div>
      {exportCsv.isError ? (
        <p className="alert alert-error" role="alert">
          {exportCsv.error.message}
        </p>
      ) : null}
      {body}
      <AppointmentRates range={range} />
      <section className="card analytics-section" aria-labelledby="analytics-suggestions">
        <h3 id="analytics-suggestions">Optimization suggestions</h3>
        {suggestions.isPending ? (
          <p>Loading...</p>
        ) : suggestions.isError ? (
          <LoadFailed
            message={ANALYTICS_MESSAGES.suggestionsLoadFailed}
            onRetry={() => void suggestions.refetch()}
          />
        ) : (
          <Suggestions suggestions={suggestions.data} />
        )}
      </section>
    </div>
  );
}
