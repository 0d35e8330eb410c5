import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OVERVIEW_TEXTS } from '@shared/overview';
import type { OverviewResponse } from '@shared/schemas/overview';
import { overviewApi } from '../../api/overview-api';
import { assistantTelHref, formatAssistantPhone } from '../../assistant-phone';
import { momentLabel } from '../../call-log-format';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { LanguageBadge } from '../language-badge';

/**
 * Messages the assistant took this week that the owner has not dealt with; "Mark handled" clears one. The
 * reason is the caller's own words, so a message left in Spanish says so.
 */
export function MessagesPanel({ userId, overview }: { userId: string; overview: OverviewResponse }) {
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: (message: { id: string; taken_at: string }) =>
      overviewApi.markHandled(userId, message.id, message.taken_at),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.overview(userId) }),
  });
  const messages = overview.waiting_messages;
  return (
    <section className="card dashboard-panel" aria-labelledby="overview-messages-title">
      <h2 id="overview-messages-title">{OVERVIEW_TEXTS.messagesTitle}</h2>
      {messages.length === 0 ? (
        <p className="dashboard-muted">{OVERVIEW_TEXTS.messagesEmpty}</p>
      ) : (
        <ul className="overview-messages" data-testid="waiting-messages">
          {messages.map((message) => {
            const tel = assistantTelHref(message.callback_number);
            return (
              <li key={message.id} data-testid="waiting-message">
                <strong>{message.name || 'Caller'}</strong> <LanguageBadge language={message.language} />
                <span className="dashboard-muted">
                  {' '}
                  · {momentLabel(message.taken_at, overview.time_zone)}
                </span>
                <p>{message.reason}</p>
                <div className="overview-message-actions">
                  {tel ? (
                    <a className="btn btn-secondary" href={tel}>
                      {OVERVIEW_TEXTS.callBack} {formatAssistantPhone(message.callback_number)}
                    </a>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={mark.isPending}
                    onClick={() => mark.mutate(message)}
                  >
                    {OVERVIEW_TEXTS.markHandled}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {mark.isError ? (
        <p className="alert alert-error" role="alert">
          {OVERVIEW_TEXTS.markHandledFailed}
        </p>
      ) : null}
    </section>
  );
}
