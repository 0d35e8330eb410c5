import { useQuery } from '@tanstack/react-query';
import { loadBusinessConfig } from '../api/dashboard-api';
import { dashboardQueryKeys } from './dashboard-query-keys';

const configQuery = (userId: string) => ({
  queryKey: dashboardQueryKeys.config(userId),
  queryFn: () => loadBusinessConfig(userId),
  retry: 0,
});

/** The owner's business config, as the dashboard guard loads it on every visit (null when there is none). */
export const useDashboardConfig = (userId: string, enabled = true) =>
  useQuery({ ...configQuery(userId), enabled: enabled && userId !== '' });

/**
 * The same config for the tabs, which render only once the guard has loaded it for this visit: mounting a
 * tab reads that copy instead of asking the API again (it did, once per dashboard load). Changes still
 * arrive: a save that changes the config puts its answer in this query (decision 165).
 */
export const useGuardedDashboardConfig = (userId: string) =>
  useQuery({ ...configQuery(userId), refetchOnMount: false });
