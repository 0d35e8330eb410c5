import { Suspense, useDeferredValue, useEffect, useTransition, type ComponentType } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';
import { BetaGate } from '../../../components/beta/beta-gate';
import { SignedInScreen } from '../../../components/layout/signed-in-screen';
import { CenteredStatus } from '../../../components/ui/centered-status';
import { withChunkTimeout } from '../../../lib/chunk-load';
import { forgetConversationLink, pendingConversationLink } from '../../../lib/conversation-link';
import { preloadableLazy, type PreloadableScreen } from '../../../lib/preloadable-lazy';
import { useAuth } from '../../auth/hooks/auth-context';
import { useDashboardGuard } from '../hooks/use-dashboard-guard';
import { OverviewTab } from './tabs/overview-tab';
import './dashboard.css';

type TabProps = { userId: string };

/**
 * A tab other than the Overview, loaded when it is first wanted: the dashboard's chunk held all eight tabs'
 * code (95 KB), downloaded and evaluated before the Overview could show (issue 16 §5).
 */
const lazyTab = <K extends string>(
  chunk: string,
  load: () => Promise<Record<K, ComponentType<TabProps>>>,
  name: K,
): PreloadableScreen<TabProps> =>
  preloadableLazy(withChunkTimeout(chunk, () => load().then((module) => ({ default: module[name] }))));

const TABS: ReadonlyArray<{
  key: string;
  label: string;
  Component: ComponentType<TabProps> & { preload?: () => Promise<unknown> };
}> = [
  { key: 'overview', label: 'Overview', Component: OverviewTab },
  {
    key: 'appointments',
    label: 'Appointments',
    Component: lazyTab('appointments-tab', () => import('./tabs/appointments-tab'), 'AppointmentsTab'),
  },
  {
    key: 'calls',
    label: 'Call Log',
    Component: lazyTab('call-log-tab', () => import('./call-log/call-log-tab'), 'CallLogTab'),
  },
  {
    key: 'objectives',
    label: 'Objectives',
    Component: lazyTab('objectives-tab', () => import('./tabs/objectives-tab'), 'ObjectivesTab'),
  },
  {
    key: 'analytics',
    label: 'Analytics',
    Component: lazyTab('analytics-tab', () => import('./tabs/analytics-tab'), 'AnalyticsTab'),
  },
  {
    key: 'notifications',
    label: 'Notifications',
    Component: lazyTab(
      'notifications-tab',
      () => import('./notifications/notifications-tab'),
      'NotificationsTab',
    ),
  },
  {
    key: 'subscription',
    label: 'Subscription',
    Component: lazyTab('subscription-tab', () => import('./tabs/subscription-tab'), 'SubscriptionTab'),
  },
  {
    key: 'referrals',
    label: 'Referrals',
    Component: lazyTab('referrals-tab', () => import('./tabs/referrals-tab'), 'ReferralsTab'),
  },
];

const tabNamed = (key: string | null) => TABS.find((tab) => tab.key === key) ?? TABS[0]!;

// A dashboard opened on another tab (?tab=calls from an e-mail's link) starts that tab's code with the
// page's, before the first render, so the tab does not wait for it after the guard.
void tabNamed(new URLSearchParams(window.location.search).get('tab')).Component.preload?.();

/**
 * /dashboard: the guard (spec §4), then the heading, the nav (Setup, Sign Out) and the tabs (the spec's five, Appointments (issue 9 §8), the Call Log and Notifications (issue 13 §1, §2)); the tab is
 * kept in ?tab=. The business name is the config's, falling back to the one given at sign-up.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  // Switching to a tab whose code is still loading keeps the current tab on screen until it is here.
  const [switching, startSwitch] = useTransition();
  const guard = useDashboardGuard(user);
  // An e-mail's conversation link that needed a sign-in first: open it once the dashboard may show.
  const pendingLink = pendingConversationLink();
  const ready = 'ready' in guard && guard.ready;
  // The whole dashboard first renders when the guard's config arrives. Revealed through a deferred value,
  // React renders it in the background in slices, between which the browser can paint and take input,
  // instead of in one long task (issue 16 §5: 45 ms on this machine, about 400 ms on a mid-range phone).
  const shown = useDeferredValue(ready) && ready;
  // Forgotten once the render that opens it has happened, not when the guard is ready: that render comes
  // after, and would find no link.
  useEffect(() => {
    if (shown) forgetConversationLink();
  }, [shown]);
  if (guard.redirect) return <Navigate to={guard.redirect} replace />;
  if (!shown || !user) return <CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>;
  if (pendingLink && !searchParams.get('conversation')) return <Navigate to={pendingLink} replace />;
  const active = tabNamed(searchParams.get('tab'));
  const businessName = guard.businessName ?? user.attributes['custom:business_name'] ?? '';
  return (
    <SignedInScreen links={<Link to="/setup">Setup</Link>}>
      <BetaGate />
      <h1 className="dashboard-heading">{DASHBOARD_MESSAGES.welcome(businessName)}</h1>
      <div className="dashboard-tabs" role="tablist" aria-label="Dashboard sections">
        {TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={tab.key === active.key}
            aria-controls={`panel-${tab.key}`}
            className={`dashboard-tab${tab.key === active.key ? ' dashboard-tab-active' : ''}`}
            // Pointing at or focusing a tab starts its code, so a click seldom waits.
            onPointerEnter={() => void tab.Component.preload?.()}
            onFocus={() => void tab.Component.preload?.()}
            onClick={() => startSwitch(() => setSearchParams({ tab: tab.key }, { replace: true }))}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${active.key}`}
        aria-labelledby={`tab-${active.key}`}
        aria-busy={switching || undefined}
      >
        <Suspense
          fallback={
            <p className="dashboard-muted" role="status">
              Loading…
            </p>
          }
        >
          <active.Component userId={user.userId} />
        </Suspense>
      </div>
    </SignedInScreen>
  );
}
