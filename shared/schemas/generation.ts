import { z } from 'zod';
import { businessHoursSchema } from './business-hours';
import { objectiveSchema } from './objective';

/** AI generation endpoints of the wizard (spec §3 "Description generation response", "Objective generate request"). */
export const generatedDescriptionResponseSchema = z.object({ generated_description: z.string() });

/** The business fields an objective is tailored to; anything else the wizard sends along is ignored. */
export const objectiveBusinessConfigSchema = z.looseObject({
  business_name: z.string().max(200).optional(),
  website: z.string().max(500).optional(),
  address: z.string().max(500).optional(),
  phone_number: z.string().max(25).optional(),
  business_hours: businessHoursSchema.optional(),
  business_description: z.string().max(4000).optional(),
  assistant_name: z.string().max(100).optional(),
});

export const objectiveGenerateRequestSchema = z.object({
  template_id: z.string().trim().min(1, 'template_id is required').max(100),
  business_config: objectiveBusinessConfigSchema.optional().default({}),
});
export const objectiveGenerateResponseSchema = z.object({ objective: objectiveSchema });

/** Failure texts of the generation endpoints (the 404 texts are SETUP_MESSAGES'). */
export const GENERATION_MESSAGES = {
  quotaExceeded: 'Too many AI requests. Please wait a while and try again',
  descriptionFailed: 'Failed to generate business description. Please enter manually.',
  templateNotFound: 'Objective template not found',
} as const;
