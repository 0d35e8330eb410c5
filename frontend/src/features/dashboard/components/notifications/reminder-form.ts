import {
  reminderSettingsSchema,
  type ReminderSettings,
  type ReminderSettingsInput,
} from '@shared/schemas/reminders';

export type ReminderField = 'offsets_hours' | 'quiet_start_hour' | 'quiet_end_hour' | 'note';
export type ReminderFieldErrors = Partial<Record<ReminderField, string>>;
const FIELDS: readonly string[] = ['offsets_hours', 'quiet_start_hour', 'quiet_end_hour', 'note'];

/** Checks the reminder settings with the API's own schema; one message per field, the first reported. */
export function validateReminderForm(
  draft: ReminderSettingsInput,
): { ok: true; value: ReminderSettings } | { ok: false; errors: ReminderFieldErrors } {
  const parsed = reminderSettingsSchema.safeParse(draft);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: ReminderFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (FIELDS.includes(field)) errors[field as ReminderField] ??= issue.message;
  }
  return { ok: false, errors };
}
