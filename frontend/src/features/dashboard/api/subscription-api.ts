import type {
  CheckoutRequest,
  checkoutResponseSchema,
  portalResponseSchema,
  productsResponseSchema,
  subscriptionStatusSchema,
  upcomingInvoiceResponseSchema,
} from '@shared/schemas/subscription';
import type {
  FeatureEngagementRequest,
  featureEngagementResponseSchema,
} from '@shared/schemas/feature-engagement';
import { apiRequest } from '../../../lib/api-client';
import { API_READ_PATHS } from '../../../lib/api-read-paths';

/** The product calls the Subscription tab makes (spec §7). */
export const subscriptionApi = {
  status: () =>
    apiRequest<typeof subscriptionStatusSchema>(API_READ_PATHS.subscriptionStatus, {
      action: 'load subscription data',
    }),
  products: () =>
    apiRequest<typeof productsResponseSchema>(API_READ_PATHS.subscriptionProducts, {
      action: 'load subscription data',
    }).then((r) => r.products),
  /** The next invoice after coupons and referral credits; null when there is none. */
  upcomingInvoice: () =>
    apiRequest<typeof upcomingInvoiceResponseSchema>('/oauth/subscription/upcoming-invoice', {
      action: 'load subscription data',
    }).then((r) => r.invoice),
  /** With a price id the portal opens on confirming the change to that plan. */
  portal: (returnUrl: string, priceId?: string) =>
    apiRequest<typeof portalResponseSchema>('/oauth/subscription/portal', {
      method: 'POST',
      body: { return_url: returnUrl, ...(priceId ? { price_id: priceId } : {}) },
      action: 'open billing',
    }),
  checkout: (request: CheckoutRequest) =>
    apiRequest<typeof checkoutResponseSchema>('/oauth/subscription/checkout', {
      method: 'POST',
      body: request,
      action: 'change plan',
    }),
  interested: (request: FeatureEngagementRequest) =>
    apiRequest<typeof featureEngagementResponseSchema>('/oauth/feature-engagement/interested', {
      method: 'POST',
      body: request,
      action: 'record your interest',
    }),
};
