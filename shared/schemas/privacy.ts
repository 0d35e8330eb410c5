import { z } from 'zod';
import { RETENTION_CHOICES } from '../privacy';

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

/** A caller to erase: the number as the owner types it; US/Canada numbers become E.164. */
export const eraseCallerSchema = z.object({
  phone: z
    .string()
    .max(30)
    .transform((value) => {
      const digits = value.replace(/\D/g, '');
      return digits.length === 10 ? `+1${digits}` : `+${digits}`;
    })
    .refine((phone) => /^\+\d{10,15}$/.test(phone), 'Enter the caller’s full phone number'),
});

export const eraseCallerResponseSchema = z.object({
  phone: z.string(),
  /** Items removed, by kind, so the owner sees what went. */
  erased: z.object({
    conversations: z.number().int().min(0),
    appointments: z.number().int().min(0),
    messages: z.number().int().min(0),
  }),
});
export type EraseCallerResponse = z.infer<typeof eraseCallerResponseSchema>;
