import { useQuery } from '@tanstack/react-query';
import { REGISTRATION_REVIEW_REFRESH_MS } from '@shared/messaging-registration-form';
import { registrationApi } from '../api/registration-api';

/** One cache entry per owner, shared by the setup step, the dashboard's tab and the Overview's notice. */
export const registrationQueryKey = (userId: string) => ['texting-registration', userId] as const;

/**
 * The owner's registration. While the carriers review it, it is read again now and then (and when the owner
 * comes back to the browser tab), so an approval or a failure shows without a reload; so it is while a changed
 * number waits to join the registration (each read retries that, decision 169).
 */
export const useRegistration = (userId: string) =>
  useQuery({
    queryKey: registrationQueryKey(userId),
    queryFn: () => registrationApi.get(userId),
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'in_review' ||
        state === 'resubmitted' ||
        state === 'otp_required' ||
        query.state.data?.numberPending
        ? REGISTRATION_REVIEW_REFRESH_MS
        : false;
    },
  });
