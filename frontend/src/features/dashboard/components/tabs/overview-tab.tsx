import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';
import { OVERVIEW_REFRESH_MS, OVERVIEW_TEXTS } from '@shared/overview';
import { REGISTRATION_DASHBOARD_TAB } from '@shared/messaging-registration-form';
import { callLogApi } from '../../api/call-log-api';
import { overviewApi } from '../../api/overview-api';
import { assistantTelHref, formatAssistantPhone } from '../../assistant-phone';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { useGuardedDashboardConfig } from '../../hooks/use-dashboard-config';
import { useRenderedLater } from '../../hooks/use-rendered-later';
import { CallLogsModal } from './call-logs-modal';
import { AssistantCheckPanel } from '../overview/assistant-check-panel';
import { GetPaidPanel } from '../overview/get-paid-panel';
import { LivePanel } from '../overview/live-panel';
import { ForwardingPanel } from '../overview/forwarding-panel';
import { MessagesPanel } from '../overview/messages-panel';
import { OverviewFigures } from '../overview/overview-figures';
import { StatusIssues } from '../overview/status-issues';
import { UpcomingPanel } from '../overview/upcoming-panel';
import { TestChatPanel } from '../test-chat/test-chat-panel';
import { TextingPausedNotice } from '../../../texting-registration';
import { AnswerModeSettings, LanguageSettings } from '../../../setup';
import { runtimeConfig } from '../../../../lib/runtime-config';
import { isPhoneLike } from '../../phone-like';
import { onDemand } from '../../../../lib/chunk-load';
import './overview-tab.css';

// The in-browser test call (its relay and voice stream clients, their message schemas, the audio player) loads
// when the owner presses Call Assistant: the Overview is shown without it.
const testCallPanel = onDemand('test-call', () => import('../test-call/test-call-panel'));
const TestCallPanel = lazy(async () => ({ default: (await testCallPanel.get()).TestCallPanel }));

/** The newest call-log entry, which decides what View Call Logs opens; fresh for one Overview refresh. */
const latestCallLogQuery = (userId: string) => ({
  queryKey: dashboardQueryKeys.callLog(userId, { latest: true }),
  queryFn: () => callLogApi.page(userId, {}, undefined, 1),
  staleTime: OVERVIEW_REFRESH_MS,
});

/**
 * Spec §2 Overview, made live (issue 13 §3): the assistant's real status and number, Call Assistant, the four
 * quick actions, today's and this week's figures, who is on a call now, time to answer and the next
 * appointments. It refreshes itself every OVERVIEW_REFRESH_MS while the browser tab is visible.
 */
export function OverviewTab({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const config = useGuardedDashboardConfig(userId);
  const overview = useQuery({
    queryKey: dashboardQueryKeys.overview(userId),
    queryFn: () => overviewApi.get(userId),
    refetchInterval: OVERVIEW_REFRESH_MS,
    // Polling stops while the tab is hidden and resumes (with a refetch) when the owner comes back.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const status = overview.data?.status;
  const [callLogsOpen, setCallLogsOpen] = useState(false);
  const closeCallLogs = useCallback(() => setCallLogsOpen(false), []);
  const assistantPhone = config.data?.assistant_phone;
  const telHref = assistantTelHref(assistantPhone);
  // On a phone the number is dialled for real (tel:); elsewhere the call happens in the browser.
  const onPhone = isPhoneLike();
  const canCallInBrowser = Boolean(runtimeConfig().voiceRelayUrl);
  /** The open test call's key (a new one per call), or undefined when none is shown. */
  const [testCall, setTestCall] = useState<number>();
  const openTab = (tab: string) => setSearchParams({ tab }, { replace: true });
  // Once the assistant has had a conversation, View Call Logs opens the real log; before, the spec's
  // 'Coming Soon!' modal still records the owner's interest. The latest entry is read ahead (so the click
  // is instant) but not subscribed to: its answer would re-render the whole tab, during the dashboard's
  // first second, for a value only the click needs. Read once the panels after the first commit are
  // rendered (restShown), as View Call Logs is one of them.
  const queryClient = useQueryClient();
  /** A panel saved the config: every screen reading it shows the saved one. */
  const configSaved = (saved: NonNullable<typeof config.data>) =>
    queryClient.setQueryData(dashboardQueryKeys.config(userId), saved);
  // The first commit holds the Assistant Status card alone (with the heading and tabs, what a phone shows
  // above the fold); the panels after it, their reads and timers, come in a second, time-sliced render.
  const restShown = useRenderedLater();
  useEffect(() => {
    if (restShown) void queryClient.prefetchQuery(latestCallLogQuery(userId));
  }, [queryClient, userId, restShown]);
  const viewCallLogs = async () => {
    // A click before the read ahead has answered waits for it, so a quick owner is not shown 'Coming Soon!'
    // by mistake. A failed read counts as no conversation yet, as before the log existed.
    const page = await queryClient.fetchQuery(latestCallLogQuery(userId)).catch(() => undefined);
    if ((page?.entries.length ?? 0) > 0) openTab('calls');
    else setCallLogsOpen(true);
  };
  // The figures, live calls, appointments and messages render from a deferred copy of the overview: when
  // it arrives, React renders them in the background in slices instead of one blocking task.
  const shownOverview = useDeferredValue(overview.data);

  return (
    <div className="overview-grid">
      <section className="card dashboard-panel" aria-labelledby="assistant-status-title">
        <h2 id="assistant-status-title">Assistant Status</h2>
        <p>
          <span
            className={`status-badge ${status ? `status-${status.state}` : 'status-pending'}`}
            data-testid="assistant-status"
          >
            {status?.label ?? (overview.isError ? OVERVIEW_TEXTS.loadFailed : 'Checking...')}
          </span>
        </p>
        {status ? <StatusIssues issues={status.issues} onOpenTab={openTab} /> : null}
        <TextingPausedNotice userId={userId} onOpen={() => openTab(REGISTRATION_DASHBOARD_TAB)} />
        <p className="overview-phone">
          <span className="dashboard-muted">Assistant phone</span>
          <strong data-testid="assistant-phone">{formatAssistantPhone(assistantPhone)}</strong>
        </p>
        {telHref && (onPhone || !canCallInBrowser) ? (
          <a className="btn btn-primary" href={telHref}>
            Call Assistant
          </a>
        ) : telHref ? (
          <button
            type="button"
            className="btn btn-primary"
            onPointerEnter={testCallPanel.preload}
            onFocus={testCallPanel.preload}
            onClick={() => setTestCall(Date.now())}
            disabled={testCall !== undefined}
          >
            Call Assistant
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.alert(DASHBOARD_MESSAGES.assistantPhoneNotConfigured)}
          >
            Call Assistant
          </button>
        )}
      </section>

      {restShown ? (
        <>
          {config.data ? (
            <>
              <section className="card dashboard-panel" aria-label="When your assistant answers">
                <AnswerModeSettings userId={userId} config={config.data} onSaved={configSaved} />
              </section>

              <section className="card dashboard-panel" aria-label="Languages">
                <LanguageSettings userId={userId} config={config.data} onSaved={configSaved} />
              </section>
            </>
          ) : null}

          <section className="card dashboard-panel" aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title">Quick Actions</h2>
            <div className="quick-actions">
              <button type="button" className="btn btn-secondary" onClick={() => navigate('/setup')}>
                Modify Setup
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => openTab('objectives')}>
                Configure Objectives
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => openTab('analytics')}>
                View Analytics
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => void viewCallLogs()}>
                View Call Logs
              </button>
            </div>
          </section>
          <AssistantCheckPanel userId={userId} />
          {shownOverview ? (
            <>
              <LivePanel overview={shownOverview} />
              <OverviewFigures overview={shownOverview} />
              <UpcomingPanel overview={shownOverview} onOpenAll={() => openTab('appointments')} />
              <MessagesPanel userId={userId} overview={shownOverview} />
              <ForwardingPanel userId={userId} overview={shownOverview} />
            </>
          ) : overview.isError ? (
            <div className="alert alert-error overview-error" role="alert">
              {OVERVIEW_TEXTS.loadFailed}.{' '}
              <button type="button" className="btn-link" onClick={() => void overview.refetch()}>
                Try Again
              </button>
            </div>
          ) : null}
          <GetPaidPanel userId={userId} />
          {testCall !== undefined ? (
            <Suspense fallback={<p className="dashboard-muted">Loading…</p>}>
              <TestCallPanel
                key={testCall}
                userId={userId}
                voice={config.data?.selected_voice}
                onClose={() => setTestCall(undefined)}
              />
            </Suspense>
          ) : null}
          <TestChatPanel userId={userId} assistantPhone={assistantPhone} />
          {callLogsOpen ? <CallLogsModal onClose={closeCallLogs} /> : null}
        </>
      ) : null}
    </div>
  );
}
