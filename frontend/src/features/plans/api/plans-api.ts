import type {
  CheckoutRequest,
  checkoutResponseSchema,
  productsResponseSchema,
  selectPlanResponseSchema,
  subscriptionStatusSchema,
} from '@shared/schemas/subscription';
import type { InternationalWaitlistRequest, waitlistResponseSchema } from '@shared/schemas/waitlist';
import type {
  FeatureEngagementRequest,
  featureEngagementResponseSchema,
} from '@shared/schemas/feature-engagement';
import type { FeatureEngagementAnswer } from '@shared/feature-engagement';
import { apiRequest } from '../../../lib/api-client';
import { API_READ_PATHS, ownerPath } from '../../../lib/api-read-paths';
import { joinBetaWaitlist } from '../../../lib/beta-waitlist';

/** The product calls of spec §7 that the plans page makes. */
export const plansApi = {
  products: () =>
    apiRequest<typeof productsResponseSchema>(API_READ_PATHS.subscriptionProducts, {
      action: 'load subscription plans',
    }).then((r) => r.products),
  status: () =>
    apiRequest<typeof subscriptionStatusSchema>(API_READ_PATHS.subscriptionStatus, {
      action: 'load subscription status',
    }),
  selectPlan: (userId: string, priceId: string) =>
    apiRequest<typeof selectPlanResponseSchema>(`${ownerPath(userId)}/select-plan`, {
      method: 'POST',
      body: { price_id: priceId },
      action: 'select plan',
    }),
  checkout: (request: CheckoutRequest) =>
    apiRequest<typeof checkoutResponseSchema>('/oauth/subscription/checkout', {
      method: 'POST',
      body: request,
      action: 'start checkout',
    }),
  joinInternationalWaitlist: (entry: InternationalWaitlistRequest) =>
    apiRequest<typeof waitlistResponseSchema>('/oauth/international-waitlist', {
      method: 'POST',
      body: entry,
      action: 'join the waitlist',
      auth: false,
    }),
  joinBetaWaitlist,
  featureEngagement: (answer: FeatureEngagementAnswer, request: FeatureEngagementRequest) =>
    apiRequest<typeof featureEngagementResponseSchema>(`/oauth/feature-engagement/${answer}`, {
      method: 'POST',
      body: request,
      action: 'record your interest',
    }),
};
