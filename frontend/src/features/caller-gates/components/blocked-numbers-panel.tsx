import { CALLER_GATES_TEXTS } from '@shared/caller-gates';
import { formatPhone } from '@shared/phone/phone-number';
import { refusalOf, useBlockedNumbers, useUnblockNumber } from '../hooks/caller-gates-queries';
import './caller-gates.css';

/** A moment in the business's time zone, as the call log above shows its times. */
const when = (iso: string, timeZone: string | undefined) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });

/**
 * The owner's block list, under the call log (where a blocked caller was found): each number with the reason
 * the owner gave and how often it tried since, and Unblock (docs/decisions/176).
 */
export function BlockedNumbersPanel({ userId, timeZone }: { userId: string; timeZone?: string }) {
  const list = useBlockedNumbers(userId);
  const unblock = useUnblockNumber(userId);
  const numbers = list.data?.numbers ?? [];
  const failure = refusalOf(unblock.error);
  return (
    <section className="card dashboard-panel blocked-numbers" aria-labelledby="blocked-numbers-title">
      <h2 id="blocked-numbers-title">{CALLER_GATES_TEXTS.blockTitle}</h2>
      <p className="dashboard-muted">{CALLER_GATES_TEXTS.blockIntro}</p>
      {list.isError ? (
        <p className="alert alert-error" role="alert">
          {CALLER_GATES_TEXTS.loadFailed}
        </p>
      ) : null}
      {failure ? (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      ) : null}
      {list.data && numbers.length === 0 ? (
        <p className="dashboard-muted" data-testid="blocked-numbers-empty">
          {CALLER_GATES_TEXTS.blockEmpty}
        </p>
      ) : null}
      {numbers.length > 0 ? (
        <ul className="dashboard-list" data-testid="blocked-numbers">
          {numbers.map((entry) => (
            <li key={entry.number} data-testid="blocked-number">
              <div>
                <strong>{formatPhone(entry.number, 'international') ?? entry.number}</strong>
                {entry.reason ? <span className="blocked-numbers-reason"> · {entry.reason}</span> : null}
                <div className="dashboard-muted">
                  {CALLER_GATES_TEXTS.attempts(
                    entry.attempts,
                    entry.last_attempt_at ? when(entry.last_attempt_at, timeZone) : undefined,
                  )}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={unblock.isPending}
                aria-label={`${CALLER_GATES_TEXTS.unblock} ${entry.number}`}
                onClick={() => unblock.mutate(entry.number)}
              >
                {CALLER_GATES_TEXTS.unblock}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
