import { useQuery } from '@tanstack/react-query';
import { FORWARDING_VERIFY_REFRESH_MS } from '@shared/forwarding';
import { forwardingApi } from '../api/forwarding-api';

/** One cache entry per owner, shared by the guide in setup and on the dashboard. */
export const forwardingQueryKey = (userId: string) => ['forwarding', userId] as const;

/**
 * The owner's forwarding status. Until a forwarded call has verified it, it is read again every few seconds
 * while the guide is open, so the owner who just called their business number sees "verified" appear.
 */
export const useForwarding = (userId: string) =>
  useQuery({
    queryKey: forwardingQueryKey(userId),
    queryFn: () => forwardingApi.get(userId),
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.state === 'verified' ? false : FORWARDING_VERIFY_REFRESH_MS,
  });
