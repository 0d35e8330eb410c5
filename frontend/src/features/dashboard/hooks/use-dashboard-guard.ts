import { hasVerifiedAccess, type AuthUser } from '../../auth';
import { dashboardGuard, type ConfigLoad, type GuardOutcome } from '../dashboard-guard';
import { useDashboardConfig } from './use-dashboard-config';

/** Spec §4 "Dashboard guard" over the signed-in user and the config load; see dashboardGuard. */
export function useDashboardGuard(user: AuthUser | null): GuardOutcome & { businessName?: string } {
  const verified = user ? hasVerifiedAccess(user) : false;
  const config = useDashboardConfig(user?.userId ?? '', verified);
  // A load cached from an earlier visit (e.g. before setup was completed) must not decide the redirect:
  // wait for this visit's own fetch, or Complete Setup would bounce straight back to /setup.
  const waitingForThisVisit = config.isFetching && !config.isFetchedAfterMount;
  const load: ConfigLoad =
    config.isPending || waitingForThisVisit
      ? { state: 'loading' }
      : config.isError
        ? { state: 'error' }
        : { state: 'loaded', config: config.data };
  const outcome = dashboardGuard(user ? { userId: user.userId, verified } : null, load);
  return { ...outcome, businessName: config.data?.business_name };
}
