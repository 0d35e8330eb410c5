import type {
  CheckoutRequest,
  Plan,
  SubscriptionStatus,
  UpcomingInvoiceResponse,
} from '@shared/schemas/subscription';
import type { FeatureEngagementRequest } from '@shared/schemas/feature-engagement';
import { apiRequest } from '../../../lib/api-client';
import { API_READ_PATHS } from '../../../lib/api-read-paths';

/** The product calls the Subscription tab makes (spec §7). */
export const subscriptionApi = {
  status: () =>
    apiRequest<SubscriptionStatus>(API_READ_PATHS.subscriptionStatus, { action: 'load subscription data' }),
  products: () =>
    apiRequest<{ products: Plan[] }>(API_READ_PATHS.subscriptionProducts, {
      action: 'load subscription data',
    }).then((r) => r.products),
  /** The next invoice after coupons and referral credits; null when there is none. */
  upcomingInvoice: () =>
    apiRequest<UpcomingInvoiceResponse>('/oauth/subscription/upcoming-invoice', {
      action: 'load subscription data',
    }).then((r) => r.invoice),
  /** With a price id the portal opens on confirming the change to that plan. */
  portal: (returnUrl: string, priceId?: string) =>
    apiRequest<{ portal_url: string }>('/oauth/subscription/portal', {
      method: 'POST',
      body: { return_url: returnUrl, ...(priceId ? { price_id: priceId } : {}) },
      action: 'open billing',
    }),
  checkout: (request: CheckoutRequest) =>
    apiRequest<{ checkout_url: string }>('/oauth/subscription/checkout', {
      method: 'POST',
      body: request,
      action: 'change plan',
    }),
  interested: (request: FeatureEngagementRequest) =>
    apiRequest<{ recorded: true }>('/oauth/feature-engagement/interested', {
      method: 'POST',
      body: request,
      action: 'record your interest',
    }),
};
