import { z } from 'zod';

export const featureEngagementAnswers = ['interested', 'declined'] as const;
export type FeatureEngagementAnswer = (typeof featureEngagementAnswers)[number];

/** Waitlisted plans are recorded with this feature type (spec §3 "Feature engagement"). */
export const SUBSCRIPTION_PLAN_FEATURE = 'subscription_plan';

/** POST /oauth/feature-engagement/{interested|declined}; the answer is the path's last segment. */
export const featureEngagementRequestSchema = z.object({
  feature_type: z.string().min(1).max(64),
  feature_id: z.string().min(1).max(200),
  feature_name: z.string().min(1).max(200),
  context: z
    .object({
      page: z.string().max(200).optional(),
      location: z.string().max(200).optional(),
      price_id: z.string().max(200).optional(),
    })
    .optional(),
});
export type FeatureEngagementRequest = z.infer<typeof featureEngagementRequestSchema>;

export const featureEngagementResponseSchema = z.object({
  recorded: z.literal(true),
  answer: z.enum(featureEngagementAnswers),
});
