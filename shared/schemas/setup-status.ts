import { z } from 'zod';

/** GET /oauth/users/{userId}/status and GET /oauth/config/status/{phone}: progress by the §4 step rules. */
export const setupStatusSchema = z.object({
  has_config: z.boolean(),
  business_id: z.string().optional(),
  /** Steps 1-6 complete by the config's fields, each requiring the ones before it. */
  completed_steps: z.array(z.number().int()),
  /** Where the wizard opens: the first incomplete step, or 7. */
  current_step: z.number().int().min(1).max(7),
  /** All six steps complete: the wizard is in edit mode. */
  setup_complete: z.boolean(),
  /** Steps the wizard reported through mark-step-complete. */
  marked_steps: z.array(z.number().int()),
  /** Set once step 7 (or 'complete') is marked. */
  setup_completed: z.boolean(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const markStepRequestSchema = z.object({
  step: z.union([z.string().trim().min(1).max(40), z.number().int()]),
});
