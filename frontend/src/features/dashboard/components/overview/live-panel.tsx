import { formatAnswerTime, OVERVIEW_TEXTS } from '@shared/overview';
import type { OverviewResponse } from '@shared/schemas/overview';
import { formatAssistantPhone } from '../../assistant-phone';
import { timeLabel } from '../../appointment-times';

/** "On a call now" while a call is live, and how fast the assistant answers (this week's median). */
export function LivePanel({ overview }: { overview: OverviewResponse }) {
  const { live_calls: live, time_to_answer: answer } = overview;
  return (
    <section className="card dashboard-panel" aria-labelledby="overview-live-title">
      <h2 id="overview-live-title">Right now</h2>
      {live.length > 0 ? (
        <div className="overview-live" data-testid="on-a-call-now" role="status">
          <span className="overview-live-dot" aria-hidden="true" />
          <div>
            <strong>{OVERVIEW_TEXTS.onACallNow}</strong>
            <ul className="overview-live-list">
              {live.map((call) => (
                <li key={call.id}>
                  {formatAssistantPhone(call.caller)} · since {timeLabel(call.started_at, overview.time_zone)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : (
        <p className="dashboard-muted" data-testid="no-live-call">
          {OVERVIEW_TEXTS.noLiveCall}
        </p>
      )}
      <h3 className="overview-subtitle">{OVERVIEW_TEXTS.timeToAnswer}</h3>
      {answer.median_ms === null ? (
        <p className="dashboard-muted">{OVERVIEW_TEXTS.timeToAnswerNone}</p>
      ) : (
        <p className="overview-answer">
          <strong data-testid="time-to-answer">{formatAnswerTime(answer.median_ms)}</strong>
          <span className="dashboard-muted">
            {' '}
            calls {formatAnswerTime(answer.voice_median_ms)} · texts {formatAnswerTime(answer.sms_median_ms)}{' '}
            · {answer.samples} answered
          </span>
        </p>
      )}
      <p className="overview-hint">{OVERVIEW_TEXTS.timeToAnswerHint}</p>
    </section>
  );
}
