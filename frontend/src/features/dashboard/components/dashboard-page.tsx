import { useDeferredValue, useEffect, useState, type ComponentType } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';
import { REGISTRATION_DASHBOARD_TAB } from '@shared/messaging-registration-form';
import { SignedInScreen } from '../../../components/layout/signed-in-screen';
import { CenteredStatus } from '../../../components/ui/centered-status';
import {
  forgetConversationLink,
  pendingConversationLink,
  readConversationLinkSoon,
} from '../../../lib/conversation-link';
import {
  forgetDashboard,
  rememberDashboard,
  rememberedDashboardHeading,
} from '../../../lib/remembered-dashboard';
import { runtimeConfig } from '../../../lib/runtime-config';
import { BetaGate, useAuth } from '../../auth';
import { CalendarTab } from '../../calendar-model';
import { IntegrationsTab } from '../../integrations';
import { KnowledgeTab } from '../../knowledge';
import { useDashboardGuard } from '../hooks/use-dashboard-guard';
import { AnalyticsTab } from './tabs/analytics-tab';
import { AppointmentsTab } from './tabs/appointments-tab';
import { CallLogTab } from './call-log/call-log-tab';
import { NotificationsTab } from './notifications/notifications-tab';
import { ObjectivesTab } from './tabs/objectives-tab';
import { OverviewTab } from './tabs/overview-tab';
import { ReferralsTab } from './tabs/referrals-tab';
import { SubscriptionTab } from './tabs/subscription-tab';
import { TextingTab } from './tabs/texting-tab';
import './dashboard.css';

type TabProps = { userId: string };

const TABS: ReadonlyArray<{ key: string; label: string; Component: ComponentType<TabProps> }> = [
  { key: 'overview', label: 'Overview', Component: OverviewTab },
  { key: 'appointments', label: 'Appointments', Component: AppointmentsTab },
  { key: 'calls', label: 'Call Log', Component: CallLogTab },
  { key: 'calendar', label: 'Calendar', Component: CalendarTab },
  { key: 'objectives', label: 'Objectives', Component: ObjectivesTab },
  { key: 'knowledge', label: 'Knowledge', Component: KnowledgeTab },
  { key: 'analytics', label: 'Analytics', Component: AnalyticsTab },
  { key: 'notifications', label: 'Notifications', Component: NotificationsTab },
  { key: REGISTRATION_DASHBOARD_TAB, label: 'Texting', Component: TextingTab },
  { key: 'subscription', label: 'Subscription', Component: SubscriptionTab },
  { key: 'referrals', label: 'Referrals', Component: ReferralsTab },
  { key: 'integrations', label: 'Integrations', Component: IntegrationsTab },
];

/**
 * /dashboard: the guard (spec §4), then the heading, the nav (Setup, Sign Out) and the tabs (the spec's five, Appointments (issue 9 §8), the Call Log and Notifications (issue 13 §1, §2), Texting (registration with the carriers, decision 169)); the tab is
 * kept in ?tab=. The business name is the config's, falling back to the one given at sign-up.
 */
export default function DashboardPage() {
  const { user, logout } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const guard = useDashboardGuard(user);
  const ready = 'ready' in guard && guard.ready;
  // The whole dashboard first renders when the guard's config arrives. Revealed through a deferred value,
  // React renders it in the background in slices, between which the browser can paint and take input,
  // instead of in one long task (issue 16 §5: 45 ms on this machine, about 400 ms on a mid-range phone).
  const shown = useDeferredValue(ready) && ready;
  // An e-mail's conversation link that needed a sign-in first: open it once the dashboard may show. Read
  // from the tab's storage in a task of its own while the config loads, not inside the render that shows
  // the dashboard (lib/conversation-link.ts).
  useEffect(readConversationLinkSoon, []);
  const pendingLink = shown ? pendingConversationLink() : undefined;
  // Forgotten once the render that opens it has happened, not when the guard is ready: that render comes
  // after, and would find no link.
  useEffect(() => {
    if (shown) forgetConversationLink();
  }, [shown]);
  const businessName = guard.businessName ?? user?.attributes['custom:business_name'] ?? '';
  const heading = DASHBOARD_MESSAGES.welcome(businessName);
  // The heading the next cold load paints before the dashboard's code arrives (app/remembered-screen.ts),
  // kept while the guard lets the owner in and dropped when it sends them elsewhere.
  useEffect(() => {
    if (shown && user)
      rememberDashboard({ clientId: runtimeConfig().cognito.userPoolClientId, userId: user.userId, heading });
    else if (guard.redirect) forgetDashboard();
  }, [shown, user, heading, guard.redirect]);
  if (guard.redirect) return <Navigate to={guard.redirect} replace />;
  if (!shown || !user) return <DashboardLoading onSignOut={logout} />;
  if (pendingLink && !searchParams.get('conversation')) return <Navigate to={pendingLink} replace />;
  const active = TABS.find((tab) => tab.key === searchParams.get('tab')) ?? TABS[0]!;
  return (
    <SignedInScreen links={<Link to="/setup">Setup</Link>} onSignOut={logout}>
      <BetaGate />
      <h1 className="dashboard-heading">{heading}</h1>
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
            onClick={() => setSearchParams({ tab: tab.key }, { replace: true })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active.key}`} aria-labelledby={`tab-${active.key}`}>
        <active.Component userId={user.userId} />
      </div>
    </SignedInScreen>
  );
}

/**
 * While the guard waits for the config: the remembered heading in the dashboard's frame, as the entry painted
 * it (so the first render does not take it away again), or "Loading..." when there is none.
 */
function DashboardLoading({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const [remembered] = useState(rememberedDashboardHeading);
  if (!remembered) return <CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>;
  return (
    <SignedInScreen links={<Link to="/setup">Setup</Link>} onSignOut={onSignOut}>
      <h1 className="dashboard-heading">{remembered}</h1>
      <CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>
    </SignedInScreen>
  );
}
