import { z } from 'zod';
import { RETENTION_CHOICES } from '../privacy-retention';
import { typedPhoneSchema } from './phone-number';

/** Issue 13 §5: the privacy settings' and caller erasure's request and answer schemas (shared/privacy.ts). */

export const retentionDaysSchema = z.union(
  RETENTION_CHOICES.map((days) => z.literal(days)) as [z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<365>],
);

export const privacySettingsSchema = z.object({ transcript_retention_days: retentionDaysSchema });
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const privacySettingsResponseSchema = privacySettingsSchema.extend({
  /** Records whose expiry was moved to the new period (only when it changed). */
  records_updated: z.number().int().min(0).optional(),
});

/**
 * A caller to erase: the number as the owner types it (no plus: US/Canada), in E.164 as the caller's records
 * are keyed. Any country, and only the length checked, as for the numbers the network delivers
 * (docs/decisions/166-phone-numbers.md).
 */
export const eraseCallerSchema = z.object({
  phone: typedPhoneSchema({ rule: 'possible', message: 'Enter the caller’s full phone number' }),
});

export const eraseCallerResponseSchema = z.object({
  phone: z.string(),
  /** Items removed, by kind, so the owner sees what went. */
  erased: z.object({
    conversations: z.number().int().min(0),
    appointments: z.number().int().min(0),
    messages: z.number().int().min(0),
    /** Call recordings, deleted at the telephony provider too (docs/decisions/184-call-recordings.md). */
    recordings: z.number().int().min(0),
  }),
});
export type EraseCallerResponse = z.infer<typeof eraseCallerResponseSchema>;
