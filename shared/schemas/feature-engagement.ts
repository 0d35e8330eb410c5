import { z } from 'zod';
import { featureEngagementAnswers } from '../feature-engagement';
import { keyPartSchema } from './key-part';

/** POST /oauth/feature-engagement/{interested|declined}; the answer is the path's last segment. */
/** feature_type and feature_id form the answer's key (`ENGAGEMENT#<type>#<id>`): key parts, no `#`. */
export const featureEngagementRequestSchema = z.object({
  feature_type: keyPartSchema(64),
  feature_id: keyPartSchema(200),
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
