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

/** Runs per owner per hour: each run is ten conversations (with OpenAI, real model calls). */
export const ASSISTANT_CHECK_HOURLY_LIMIT = 5;

export const ASSISTANT_CHECK_TEXTS = {
  title: 'Check my assistant',
  intro:
    'Runs 10 test conversations built from your hours, services, address and knowledge base, and shows whether your assistant handled each one. Nothing is booked, stored or texted.',
  run: 'Check my assistant',
  runAgain: 'Check again',
  running: 'Running 10 test conversations…',
  failed: 'The check could not run. Please try again.',
  tooMany: `You have run the check ${ASSISTANT_CHECK_HOURLY_LIMIT} times this hour. Please try again later.`,
  summary: (passed: number, total: number) => `${passed} of ${total} conversations passed`,
  showTranscript: 'Show transcript',
  hideTranscript: 'Hide transcript',
  pass: 'Pass',
  fail: 'Fail',
  caller: 'Caller',
  assistant: 'Assistant',
} as const;
