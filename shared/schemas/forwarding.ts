import { z } from 'zod';
import { FORWARDING_CARRIERS, FORWARDING_KINDS, FORWARDING_STATES } from '../forwarding-kinds';

/**
 * Call forwarding from the owner's existing business line to the assistant number
 * (docs/decisions/172-forwarding.md): which phone service the owner has, which kind of forwarding they
 * set up, and what the voice webhook saw of it.
 */

/** The `forwarding` field of the business config: the owner's choice and what the webhook recorded. */
export const forwardingRecordSchema = z.object({
  carrier: z.enum(FORWARDING_CARRIERS).optional(),
  kind: z.enum(FORWARDING_KINDS).optional(),
  /** The first forwarded call the assistant number received (stays once set). */
  verifiedAt: z.iso.datetime().optional(),
  /** The latest forwarded call. */
  lastSeenAt: z.iso.datetime().optional(),
  /** The line the latest forwarded call came through (Twilio's ForwardedFrom), E.164. */
  forwardedFrom: z.string().max(20).optional(),
});
export type ForwardingRecord = z.infer<typeof forwardingRecordSchema>;

/** PUT /oauth/users/{userId}/forwarding: the carrier and kind the owner chose in the guide. */
export const forwardingChoiceSchema = z
  .object({
    carrier: z.enum(FORWARDING_CARRIERS, {
      error: `carrier must be one of: ${FORWARDING_CARRIERS.join(', ')}`,
    }),
    kind: z.enum(FORWARDING_KINDS, { error: `kind must be one of: ${FORWARDING_KINDS.join(', ')}` }),
  })
  .strict();
export type ForwardingChoice = z.infer<typeof forwardingChoiceSchema>;

/** What the Overview and the guide show: verified once a forwarded call has reached the assistant. */
export const forwardingStatusSchema = z.object({
  state: z.enum(FORWARDING_STATES),
  carrier: z.enum(FORWARDING_CARRIERS).nullable(),
  kind: z.enum(FORWARDING_KINDS).nullable(),
  verified_at: z.iso.datetime().nullable(),
  last_seen_at: z.iso.datetime().nullable(),
  forwarded_from: z.string().nullable(),
  /** The owner's business line (the config's phone_number), E.164, or null before step 1. */
  business_phone: z.string().nullable(),
  /** The number calls are forwarded to, or null before step 4. */
  assistant_phone: z.string().nullable(),
});
export type ForwardingStatus = z.infer<typeof forwardingStatusSchema>;
