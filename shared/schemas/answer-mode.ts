import { z } from 'zod';
import { ANSWER_MODE_ERRORS, ANSWER_MODES, GREETING_MAX_CHARS, RING_SECONDS } from '../answer-mode-values';
import { safeTextRefinement } from '../safe-text';

/**
 * A greeting as the owner writes it: trimmed, at most GREETING_MAX_CHARS, '' for the suggested one. Stored and
 * spoken as plain text; every TwiML document escapes it (docs/decisions/173-answer-modes.md).
 */
export const greetingTextSchema = z
  .string()
  .trim()
  .max(GREETING_MAX_CHARS, `A greeting can be at most ${GREETING_MAX_CHARS} characters`)
  .refine(...safeTextRefinement)
  // Markup is refused where it is typed (a speech engine may read SSML in text), and escaped where spoken.
  .refine((text) => !/<[a-zA-Z/!?]/.test(text), ANSWER_MODE_ERRORS.markup);

export const greetingsSchema = z.strictObject({
  always: greetingTextSchema.optional(),
  ring_first: greetingTextSchema.optional(),
  after_hours: greetingTextSchema.optional(),
});

export const answerModeSchema = z.enum(ANSWER_MODES, {
  error: `answer_mode must be one of ${ANSWER_MODES.join(', ')}`,
});

export const ringSecondsSchema = z
  .number({ error: 'ring_seconds must be a whole number of seconds' })
  .int('ring_seconds must be a whole number of seconds')
  .min(RING_SECONDS.min, `Ring for at least ${RING_SECONDS.min} seconds`)
  .max(RING_SECONDS.max, `Ring for at most ${RING_SECONDS.max} seconds`);

/**
 * PUT /oauth/users/{userId}/answer-mode: the mode, the ring time and the greetings together. Whether the mode's
 * prerequisites exist (a business phone, opening hours) is checked against the stored config by the route.
 */
export const answerModeSettingsSchema = z.strictObject({
  answer_mode: answerModeSchema,
  ring_seconds: ringSecondsSchema.default(RING_SECONDS.default),
  greetings: greetingsSchema.default({}),
});
export type AnswerModeSettings = z.infer<typeof answerModeSettingsSchema>;
export type AnswerModeSettingsInput = z.input<typeof answerModeSettingsSchema>;
