import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '@shared/plans';
import type { CallLogEntry } from '@shared/schemas/call-log';
import { CALL_LOG_TEXTS, callRouteLabel, CHANNEL_LABELS, OUTCOME_LABELS } from '@shared/call-log';
import { ApiClientError } from '../../../../lib/api-client';
import { callLogApi } from '../../api/call-log-api';
import { assistantTelHref, formatAssistantPhone } from '../../assistant-phone';
import { timeLabel } from '../../appointment-times';
import { durationLabel, momentLabel } from '../../call-log-format';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { BlockCallerAction } from '../../../caller-gates';
import { ConversationAppointments } from './conversation-appointments';
import { LanguageBadge } from '../language-badge';
import { ManipulationMark } from './manipulation-mark';
import { CallRecordingPlayer } from './call-recording-player';

/** A success criterion's key as words: "deposit_collected" → "Deposit collected". */
const criterionLabel = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Which conversation to show: its id and start (the key the API finds it by). */
export type ConversationTarget = Pick<CallLogEntry, 'id' | 'started_at'>;

/**
 * One conversation whole (issue 13 §1): transcript with times, the assistant's actions, objective results.
 * Opened from a row (its entry shows at once) or from a link in an e-mail (only the target is known until the
 * detail loads; a conversation erased or past retention is said so in words).
 */
export function ConversationDetail({
  userId,
  target,
  entry,
  onBack,
}: {
  userId: string;
  target: ConversationTarget;
  entry?: CallLogEntry | undefined;
  onBack: () => void;
}) {
  const detail = useQuery({
    queryKey: dashboardQueryKeys.conversation(userId, target.id),
    queryFn: () => callLogApi.detail(userId, target.id, target.started_at),
    // A missing conversation stays missing: say so at once instead of asking again.
    retry: (failures, error) => !(error instanceof ApiClientError && error.status === 404) && failures < 1,
  });
  const shown = detail.data ?? entry;
  const notFound = detail.error instanceof ApiClientError && detail.error.status === 404;
  const telHref = shown ? assistantTelHref(shown.caller) : undefined;
  const timeZone = detail.data?.time_zone ?? 'UTC';
  const criteria = Object.entries(detail.data?.objectives_met ?? {});

  return (
    <section className="card dashboard-panel call-log" aria-labelledby="conversation-title">
      <button type="button" className="btn-link call-log-back" onClick={onBack}>
        ← {CALL_LOG_TEXTS.back}
      </button>
      {shown ? (
        <>
          <div className="conversation-head">
            <div>
              <h2 id="conversation-title">{formatAssistantPhone(shown.caller)}</h2>
              <p className="dashboard-muted">
                {CHANNEL_LABELS[shown.channel]}
                {detail.data ? ` · ${momentLabel(shown.started_at, timeZone)} (${timeZone})` : ''} ·{' '}
                {shown.open ? CALL_LOG_TEXTS.ongoing : durationLabel(shown.duration_seconds)}
              </p>
            </div>
            <div className="conversation-head-actions">
              {telHref ? (
                <a className="btn btn-primary" href={telHref} data-testid="call-back">
                  {CALL_LOG_TEXTS.callBack}
                </a>
              ) : null}
              {shown.channel !== 'test' ? <BlockCallerAction userId={userId} caller={shown.caller} /> : null}
            </div>
          </div>
          <p className="conversation-badges">
            <span className={`call-log-outcome call-log-outcome-${shown.outcome}`}>
              {OUTCOME_LABELS[shown.outcome]}
            </span>
            <LanguageBadge language={shown.language} />
            {callRouteLabel(shown) ? (
              <span className="call-log-outcome" data-testid="conversation-route">
                {callRouteLabel(shown)}
              </span>
            ) : null}
            <ManipulationMark entry={shown} />
            {shown.amount_collected_cents > 0 ? (
              <span className="call-log-outcome call-log-outcome-deposit_paid">
                {formatAmount(shown.amount_collected_cents)} collected
              </span>
            ) : null}
          </p>
        </>
      ) : (
        <h2 id="conversation-title">{CALL_LOG_TEXTS.conversation}</h2>
      )}

      {notFound ? (
        <p className="alert alert-error" role="alert">
          {CALL_LOG_TEXTS.notFound}
        </p>
      ) : detail.isError ? (
        <p className="alert alert-error" role="alert">
          {CALL_LOG_TEXTS.loadFailed}
        </p>
      ) : null}
      {detail.isPending ? <p className="dashboard-muted">Loading…</p> : null}
      {detail.data?.owner_answered ? (
        // The owner took it on the business phone (ring me first): nothing of the assistant's to show.
        <p className="dashboard-muted" data-testid="conversation-owner-answered">
          {CALL_LOG_TEXTS.ownerAnswered}
        </p>
      ) : detail.data?.owner_answered === false ? (
        // Sent to the business phone in opening hours and nobody picked up: nobody spoke with the caller.
        <p className="dashboard-muted" data-testid="conversation-owner-missed">
          {CALL_LOG_TEXTS.ownerMissed}
        </p>
      ) : detail.data ? (
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
            {detail.data.channel === 'voice' ? (
              <CallRecordingPlayer userId={userId} conversationId={target.id} />
            ) : null}
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
            <ConversationAppointments
              userId={userId}
              conversationId={target.id}
              startedAt={target.started_at}
            />
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
