import { SETUP_STEP_INTROS } from '@shared/setup-screen-texts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  assistantEmail,
  BOT_CALENDAR_NAME,
  CALENDAR_MESSAGES,
  CALENDAR_SERVICE_NAMES,
  CALENDAR_SERVICES,
  connectionButtonLabel,
  DEFAULT_CALENDAR_CHOICE,
  SCHEDULING_LINK_NOTE,
  SCHEDULING_LINK_SERVICES,
  type CalendarChoice,
} from '@shared/calendar';
import { useAuth } from '../../../auth';
import { ApiClientError } from '../../../../lib/api-client';
import { createBotCalendar, loadConnections } from '../../api/setup-api';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { useOAuthPopup } from '../../hooks/use-oauth-popup';
import type { StepProps } from '../../hooks/wizard-context';

const errorDetail = (error: unknown) =>
  error instanceof ApiClientError
    ? (error.serverError ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Step 7: the assistant's own e-mail, and its calendar: the 'Business Calendar' we keep ('bot', the
 * default) or the owner's own Google Calendar, Outlook, Calendly or Acuity connected through the OAuth popup.
 */
export function ConnectionsStep({ userId, email, config }: StepProps) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const connections = useQuery({ queryKey: ['oauth-connections'], queryFn: loadConnections, retry: 0 });
  const anyConnected = connections.data?.some((c) => c.status === 'connected') ?? false;
  // One personal calendar at a time (spec §2): the one connected now, which another connection replaces.
  const current = connections.data?.find((c) => c.status === 'connected' || c.status === 'expired')?.service;
  const [choice, setChoice] = useState<CalendarChoice | null>(null);
  const shownChoice = choice ?? (anyConnected ? 'personal' : DEFAULT_CALENDAR_CHOICE);
  const [botReady, setBotReady] = useState(false);
  const creating = useRef(false);
  const phone = config?.assistant_phone;

  const popup = useOAuthPopup({
    onConnected: () => void connections.refetch(),
    onUnauthorized: () => {
      void logout().then(() => navigate('/login', { replace: true }));
    },
  });

  // The bot calendar is created (once; the API is idempotent) as soon as it is the choice.
  useEffect(() => {
    if (shownChoice !== 'bot' || !phone || creating.current || botReady) return;
    creating.current = true;
    createBotCalendar(userId, phone, config?.business_name ?? '')
      .then(() => setBotReady(true))
      .catch((error: unknown) => console.error('Creating the business calendar failed', error))
      .finally(() => {
        creating.current = false;
      });
  }, [shownChoice, phone, userId, config?.business_name, botReady]);

  return (
    <div className="step-body">
      <p className="step-intro">{SETUP_STEP_INTROS[7]}</p>
      <div className="assistant-email card-inset">
        <span className="muted small">Your assistant's e-mail</span>
        <strong data-testid="assistant-email">{assistantEmail(phone)}</strong>
      </div>

      <h3 className="panel-title">Calendar</h3>
      <div className="choice-grid" role="radiogroup" aria-label="Calendar">
        <button
          type="button"
          role="radio"
          aria-checked={shownChoice === 'bot'}
          className={`choice-card${shownChoice === 'bot' ? ' active' : ''}`}
          onClick={() => setChoice('bot')}
        >
          <span className="choice-title">{BOT_CALENDAR_NAME}</span>
          <span className="muted small">A calendar we keep for your assistant. Nothing to connect.</span>
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={shownChoice === 'personal'}
          className={`choice-card${shownChoice === 'personal' ? ' active' : ''}`}
          onClick={() => setChoice('personal')}
        >
          <span className="choice-title">Personal calendar</span>
          <span className="muted small">
            Use your own Google Calendar, Outlook (Microsoft 365), Calendly or Acuity.
          </span>
        </button>
      </div>

      {shownChoice === 'bot' ? (
        <div className="bot-calendar card-inset" data-testid="bot-calendar">
          <p>
            <strong>{BOT_CALENDAR_NAME}</strong>{' '}
            {botReady ? <span className="badge badge-green">Ready</span> : null}
          </p>
          <p className="muted small">
            Every appointment your assistant books is kept here, also when a personal calendar is connected.
            Subscribe to its private link to see them in your own calendar app.
          </p>
          <CalendarFeedPanel
            userId={userId}
            email={email}
            phone={phone}
            businessName={config?.business_name ?? ''}
            onCalendarReady={() => setBotReady(true)}
          />
        </div>
      ) : (
        <div className="connection-list">
          {popup.outcome ? (
            <div
              className={`alert alert-${popup.outcome.tone}`}
              role={popup.outcome.tone === 'error' ? 'alert' : 'status'}
            >
              {popup.outcome.text}
            </div>
          ) : null}
          {current ? (
            <p className="muted small" data-testid="calendar-switch-note">
              {CALENDAR_MESSAGES.switchNote(current)}
            </p>
          ) : null}
          {connections.isError ? (
            <div className="alert alert-error" role="alert">
              {errorDetail(connections.error)}
            </div>
          ) : null}
          {CALENDAR_SERVICES.map((service) => {
            const connection = connections.data?.find((c) => c.service === service);
            const status = connection?.status;
            const button = connectionButtonLabel(service, {
              loading: connections.isPending,
              connecting: popup.connecting === service,
              status,
            });
            return (
              <div className="connection-row" key={service}>
                <span className="connection-name">
                  {CALENDAR_SERVICE_NAMES[service]}
                  {connection?.account ? (
                    <span className="connection-account muted small" data-testid={`${service}-account`}>
                      {status === 'expired' ? 'Was connected as' : 'Connected as'} {connection.account}
                    </span>
                  ) : null}
                  {connection?.calendar_page_url ? (
                    <a
                      className="connection-account small"
                      href={`${connection.calendar_page_url}${config?.time_zone ? `?tz=${encodeURIComponent(config.time_zone)}` : ''}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      Open the local calendar
                    </a>
                  ) : null}
                  {status === 'connected' && SCHEDULING_LINK_SERVICES.includes(service) ? (
                    <span
                      className="connection-account muted small"
                      data-testid={`${service}-scheduling-note`}
                    >
                      {SCHEDULING_LINK_NOTE}
                    </span>
                  ) : null}
                  {status === 'expired' ? (
                    <span className="connection-account small connection-expired-note" role="status">
                      {CALENDAR_MESSAGES.expiredFallback(service)}
                    </span>
                  ) : null}
                  {status === 'connected' && connection?.last_sync_failed_at ? (
                    <span
                      className="connection-account small connection-expired-note"
                      role="status"
                      data-testid={`${service}-sync-failed`}
                    >
                      {CALENDAR_MESSAGES.lastSyncFailed(service)}
                    </span>
                  ) : null}
                </span>
                <button
                  type="button"
                  className={`btn connection-button connection-${button.tone}`}
                  disabled={connections.isPending || popup.connecting !== null}
                  onClick={() => void popup.connect(service, current)}
                >
                  {button.label}
                </button>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
