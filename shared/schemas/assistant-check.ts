import { z } from 'zod';

/**
 * "Check my assistant" (issue 35 §3): ten conversations generated from the owner's configuration, each with
 * its transcript and pass or fail. POST /oauth/users/{userId}/assistant-check answers this.
 */
export const assistantCheckResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  passed: z.boolean(),
  failures: z.array(z.string()),
  transcript: z.array(z.object({ speaker: z.enum(['caller', 'assistant']), text: z.string() })),
});
export type AssistantCheckResult = z.infer<typeof assistantCheckResultSchema>;

export const assistantCheckResponseSchema = z.object({
  results: z.array(assistantCheckResultSchema),
  passed: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type AssistantCheckResponse = z.infer<typeof assistantCheckResponseSchema>;

export { ASSISTANT_CHECK_HOURLY_LIMIT, ASSISTANT_CHECK_TEXTS } from '../assistant-check';
