import { useQuery } from '@tanstack/react-query';
import type { portalResponseSchema, subscriptionStatusSchema } from '@shared/schemas/subscription';
import { ApiClientError, apiRequest } from '../../lib/api-client';
import { API_READ_PATHS } from '../../lib/api-read-paths';

/** The owner's subscription; one cache entry shared by every screen that asks (plans, dashboard, setup). */
export const useSubscriptionStatus = () =>
  useQuery({
    queryKey: ['subscription', 'status'],
    queryFn: () =>
      apiRequest<typeof subscriptionStatusSchema>(API_READ_PATHS.subscriptionStatus, {
        action: 'load subscription status',
      }),
  });

/** A billing-portal session, coming back to `returnUrl` (where the owner updates the card). */
export const openBillingPortal = (returnUrl: string) =>
  apiRequest<typeof portalResponseSchema>('/oauth/subscription/portal', {
    method: 'POST',
    body: { return_url: returnUrl },
    action: 'open billing',
  });

/** The API's answer to a costly action without an active or trialing subscription (issue 10 §1). */
export const isSubscriptionRequired = (error: unknown) =>
  error instanceof ApiClientError && error.status === 402;
