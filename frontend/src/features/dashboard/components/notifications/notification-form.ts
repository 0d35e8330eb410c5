import {
  notificationPreferencesSchema,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@shared/schemas/notifications';

/** The form's fields that can be wrong, each with the shared schema's message. */
export type NotificationFieldErrors = Partial<
  Record<'urgent_sms_number' | 'urgent_sms_reasons' | 'email', string>
>;

/**
 * Checks the form with the API's own schema (so the dashboard refuses exactly what the API would) and gives
 * one message per field, the first the schema reports for it.
 */
export function validateNotificationForm(
  draft: NotificationPreferencesInput,
): { ok: true; value: NotificationPreferences } | { ok: false; errors: NotificationFieldErrors } {
  const parsed = notificationPreferencesSchema.safeParse(draft);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: NotificationFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'urgent_sms_number' || field === 'urgent_sms_reasons' || field === 'email') {
      errors[field] ??= issue.message;
    }
  }
  return { ok: false, errors };
}
