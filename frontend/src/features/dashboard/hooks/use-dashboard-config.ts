import { useQuery } from '@tanstack/react-query';
import { loadBusinessConfig } from '../api/dashboard-api';
import { dashboardQueryKeys } from './dashboard-query-keys';

/** The owner's business config, shared by the guard and the tabs (null when the owner has none yet). */
export const useDashboardConfig = (userId: string, enabled = true) =>
  useQuery({
    queryKey: dashboardQueryKeys.config(userId),
    queryFn: () => loadBusinessConfig(userId),
    retry: 0,
    enabled: enabled && userId !== '',
  });
