import { z } from 'zod';
import { featureEngagementAnswers } from '../feature-engagement';

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
