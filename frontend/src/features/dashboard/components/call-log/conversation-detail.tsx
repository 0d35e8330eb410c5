import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '@shared/plans';
import { CALL_LOG_TEXTS, CHANNEL_LABELS, OUTCOME_LABELS, type CallLogEntry } from '@shared/schemas/call-log';
import { callLogApi } from '../../api/call-log-api';
import { assistantTelHref, formatAssistantPhone } from '../../assistant-phone';
import { timeLabel } from '../../appointment-times';
import { durationLabel, momentLabel } from '../../call-log-format';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';

/** A success criterion's key as words: "deposit_collected" → "Deposit collected". */
const criterionLabel = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** One conversation whole (issue 13 §1): transcript with times, the assistant's actions, objective results. */
export function ConversationDetail({
  userId,
  entry,
  onBack,
}: {
  userId: string;
  entry: CallLogEntry;
  onBack: () => void;
}) {
  const detail = useQuery({
    queryKey: dashboardQueryKeys.conversation(userId, entry.id),
    queryFn: () => callLogApi.detail(userId, entry.id, entry.started_at),
  });
  const telHref = assistantTelHref(entry.caller);
  const timeZone = detail.data?.time_zone ?? 'UTC';
  const criteria = Object.entries(detail.data?.objectives_met ?? {});

  return (
    <section className="card dashboard-panel call-log" aria-labelledby="conversation-title">
      <button type="button" className="btn-link call-log-back" onClick={onBack}>
        ← {CALL_LOG_TEXTS.back}
      </button>
      <div className="conversation-head">
        <div>
          <h2 id="conversation-title">{formatAssistantPhone(entry.caller)}</h2>
          <p className="dashboard-muted">
            {CHANNEL_LABELS[entry.channel]}
            {detail.data ? ` · ${momentLabel(entry.started_at, timeZone)} (${timeZone})` : ''} ·{' '}
            {entry.open ? CALL_LOG_TEXTS.ongoing : durationLabel(entry.duration_seconds)}
          </p>
        </div>
        {telHref ? (
          <a className="btn btn-primary" href={telHref} data-testid="call-back">
            {CALL_LOG_TEXTS.callBack}
          </a>
        ) : null}
      </div>
      <p className="conversation-badges">
        <span className={`call-log-outcome call-log-outcome-${entry.outcome}`}>
          {OUTCOME_LABELS[entry.outcome]}
        </span>
        {entry.amount_collected_cents > 0 ? (
          <span className="call-log-outcome call-log-outcome-deposit_paid">
            {formatAmount(entry.amount_collected_cents)} collected
          </span>
        ) : null}
      </p>

      {detail.isError ? (
        <p className="alert alert-error" role="alert">
          {CALL_LOG_TEXTS.loadFailed}
        </p>
      ) : null}
      {detail.isPending ? <p className="dashboard-muted">Loading…</p> : null}
      {detail.data ? (
        <div className="conversation-body">
          <div>
            <h3>{CALL_LOG_TEXTS.transcript}</h3>
            <ol className="conversation-transcript" data-testid="conversation-transcript">
              {detail.data.transcript.map((turn, index) => (
                <li key={index} className={`conversation-turn conversation-turn-${turn.speaker}`}>
                  <span className="conversation-turn-who">
                    {turn.speaker === 'caller' ? 'Caller' : 'Assistant'} · {timeLabel(turn.at, timeZone)}
                  </span>
                  <span>{turn.text}</span>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h3>{CALL_LOG_TEXTS.actions}</h3>
            {detail.data.actions.length === 0 ? (
              <p className="dashboard-muted">{CALL_LOG_TEXTS.noActions}</p>
            ) : (
              <ul className="conversation-actions" data-testid="conversation-actions">
                {detail.data.actions.map((action, index) => (
                  <li key={index} className={action.ok ? '' : 'conversation-action-failed'}>
                    <span aria-hidden="true">{action.ok ? '✓' : '!'}</span> {action.summary}
                    <span className="dashboard-muted"> · {timeLabel(action.at, timeZone)}</span>
                  </li>
                ))}
              </ul>
            )}
            {criteria.length > 0 ? (
              <>
                <h3>{CALL_LOG_TEXTS.objectives}</h3>
                <ul className="conversation-actions">
                  {criteria.map(([key, met]) => (
                    <li key={key}>
                      <span aria-hidden="true">{met ? '✓' : '–'}</span> {criterionLabel(key)}
                      <span className="dashboard-muted">{met ? ' · met' : ' · not met'}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
