import { z } from 'zod';
import { ACCOUNT_DELETION_WORD } from '../account-deletion';

/** The body and answer of DELETE ACCOUNT_DELETION_PATH (shared/account-deletion.ts). */
export const accountDeletionRequestSchema = z
  .object({
    confirmation: z.literal(ACCOUNT_DELETION_WORD, {
      error: `Type ${ACCOUNT_DELETION_WORD} to confirm that the account is deleted`,
    }),
  })
  .strict();
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

export const accountDeletionResponseSchema = z.object({
  deleted: z.literal(true),
  /** What went, so the owner (and the tests) see it. */
  removed: z.object({
    items: z.number().int().min(0),
    phone_numbers_released: z.number().int().min(0),
    subscriptions_cancelled: z.number().int().min(0),
  }),
});
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponseSchema>;
