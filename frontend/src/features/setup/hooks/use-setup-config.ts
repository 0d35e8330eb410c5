import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { loadConfig } from '../api/setup-api';

export const setupConfigKey = (userId: string) => ['business-config', userId] as const;

/**
 * The owner's config (null when none exists yet), a refresh that resolves with the new value, and `store`,
 * which keeps the config a save answered with (writes answer with what they stored; decision 165), so a save
 * is one request, not a save and a second GET.
 */
export function useSetupConfig(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: setupConfigKey(userId),
    queryFn: () => loadConfig(userId),
    staleTime: Infinity,
  });
  const refreshConfig = useCallback(async (): Promise<BusinessConfig | null> => {
    const fresh = await loadConfig(userId);
    queryClient.setQueryData(setupConfigKey(userId), fresh);
    return fresh;
  }, [queryClient, userId]);
  const storeConfig = useCallback(
    (config: BusinessConfig) => queryClient.setQueryData(setupConfigKey(userId), config),
    [queryClient, userId],
  );
  return { ...query, refreshConfig, storeConfig };
}
