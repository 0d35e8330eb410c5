import { z } from 'zod';
import {
  BLOCK_REASON_MAX_CHARS,
  BLOCKED_NUMBERS_LIMIT,
  CALLER_GATES_TEXTS,
  MISSED_CALL_TEMPLATE_MAX_CHARS,
} from '../caller-gates';
import { safeTextRefinement } from '../safe-text';
import { typedPhoneSchema } from './phone-number';

/**
 * The block list's and the missed-call text-back's requests and answers
 * (docs/decisions/176-missed-call-text-back-and-block-list.md).
 */

/** POST /oauth/users/{userId}/blocked-numbers: a number as the owner typed or the call log showed it. */
export const blockNumberRequestSchema = z
  .object({
    number: typedPhoneSchema({ rule: 'possible', message: CALLER_GATES_TEXTS.invalidNumber }),
    reason: z
      .string()
      .trim()
      .max(BLOCK_REASON_MAX_CHARS, `reason must be at most ${BLOCK_REASON_MAX_CHARS} characters`)
      .refine(...safeTextRefinement)
      .default(''),
  })
  .strict();
export type BlockNumberRequest = z.infer<typeof blockNumberRequestSchema>;

/** One blocked number: what the owner wrote, and the one counter kept about the caller. */
export const blockedNumberSchema = z.object({
  number: z.string(),
  reason: z.string(),
  blocked_at: z.iso.datetime(),
  attempts: z.number().int().min(0),
  last_attempt_at: z.iso.datetime().nullable(),
});
export type BlockedNumber = z.infer<typeof blockedNumberSchema>;

export const blockedNumbersSchema = z.object({
  numbers: z.array(blockedNumberSchema),
  limit: z.literal(BLOCKED_NUMBERS_LIMIT),
});
export type BlockedNumbers = z.infer<typeof blockedNumbersSchema>;

/** DELETE /oauth/users/{userId}/blocked-numbers/{number}: the number in E.164 ('+' URL-encoded). */
export const blockedNumberParamsSchema = z.object({
  userId: z.string().min(1).max(128),
  number: typedPhoneSchema({ rule: 'possible', message: CALLER_GATES_TEXTS.invalidNumber }),
});

/** PUT /oauth/users/{userId}/missed-call-texts: on/off and the owner's wording (null: the default text). */
export const missedCallSettingsRequestSchema = z
  .object({
    enabled: z.boolean(),
    template: z
      .string()
      // Checked again word by word by the route (placeholders, links); bounded here so nothing long is read.
      .max(
        MISSED_CALL_TEMPLATE_MAX_CHARS * 2,
        CALLER_GATES_TEXTS.templateTooLong(MISSED_CALL_TEMPLATE_MAX_CHARS),
      )
      .refine(...safeTextRefinement)
      .nullable(),
  })
  .strict();
export type MissedCallSettingsRequest = z.infer<typeof missedCallSettingsRequestSchema>;

export const missedCallSettingsSchema = z.object({
  enabled: z.boolean(),
  template: z.string().nullable(),
  /** The default text as this business's callers would get it (English), for the preview. */
  default_text: z.string(),
  /**
   * The same in Spanish, present when the business serves Spanish: a caller remembered as speaking it gets
   * this one (docs/decisions/174-spanish.md).
   */
  default_text_es: z.string().optional(),
});
export type MissedCallSettings = z.infer<typeof missedCallSettingsSchema>;

/** What an unblock answers: the number, no longer blocked. */
export const unblockedNumberSchema = z.object({ number: z.string(), unblocked: z.literal(true) });
