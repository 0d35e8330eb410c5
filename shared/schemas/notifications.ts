import { z } from 'zod';
import { TEXT_LIMITS } from '../text-limits';
import { safeTextRefinement } from '../safe-text';
import { isUrgentSmsNumber, NOTIFICATION_TEXTS, toMobileE164, URGENT_SMS_REASONS } from '../notifications';

/**
 * Issue 13 §2: one schema for the dashboard's Notifications section and for
 * `GET/PUT /oauth/users/{userId}/notifications`. The kinds, reasons, limits and texts are in
 * shared/notifications.ts.
 */

const emailField = z
  .string()
  .trim()
  .max(TEXT_LIMITS.email)
  .refine(...safeTextRefinement)
  .refine((value) => z.email().safeParse(value).success, NOTIFICATION_TEXTS.invalidEmail);

/** PUT body (and GET answer): every switch, the mobile for urgent texts, and the e-mail address used. */
export const notificationPreferencesSchema = z
  .object({
    summary_email: z.boolean(),
    urgent_sms: z.boolean(),
    /** E.164 once stored; the owner may type it any common way ('' when none). */
    urgent_sms_number: z
      .string()
      .max(TEXT_LIMITS.phone)
      .transform(toMobileE164)
      .refine((value) => value === '' || isUrgentSmsNumber(value), NOTIFICATION_TEXTS.invalidMobile),
    /** Which urgent outcomes are texted; all of them until the owner picks (older saved preferences too). */
    urgent_sms_reasons: z
      .array(z.enum(URGENT_SMS_REASONS))
      .max(URGENT_SMS_REASONS.length)
      .transform((reasons) => URGENT_SMS_REASONS.filter((reason) => reasons.includes(reason)))
      .default([...URGENT_SMS_REASONS]),
    daily_digest: z.boolean(),
    email: emailField,
  })
  .strict()
  .refine((prefs) => !prefs.urgent_sms || prefs.urgent_sms_number !== '', {
    path: ['urgent_sms_number'],
    message: NOTIFICATION_TEXTS.mobileRequired,
  })
  .refine((prefs) => !prefs.urgent_sms || prefs.urgent_sms_reasons.length > 0, {
    path: ['urgent_sms_reasons'],
    message: NOTIFICATION_TEXTS.reasonRequired,
  });
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

/** What the API answers (and stores): the same fields, the mobile already in E.164. */
export const notificationPreferencesResponseSchema = z.object({
  summary_email: z.boolean(),
  urgent_sms: z.boolean(),
  urgent_sms_number: z.string(),
  urgent_sms_reasons: z.array(z.enum(URGENT_SMS_REASONS)),
  daily_digest: z.boolean(),
  email: z.string(),
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

/** Until the owner saves their own: summaries and the digest on (to the escalation e-mail), texts off. */
export const defaultNotificationPreferences = (email: string): NotificationPreferences => ({
  summary_email: true,
  urgent_sms: false,
  urgent_sms_number: '',
  urgent_sms_reasons: [...URGENT_SMS_REASONS],
  daily_digest: true,
  email,
});
