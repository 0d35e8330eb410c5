import { z } from 'zod';
import { safeTextRefinement } from '../safe-text';
import { keywordTraps } from '../carrier-keywords';
import {
  DEFAULT_QUIET_HOURS,
  DEFAULT_REMINDER_OFFSETS,
  REMINDER_LIMITS,
  REMINDER_OFFSET_CHOICES,
  REMINDER_TEXTS,
  type ReminderOffset,
} from '../reminders';

/**
 * The owner's reminder settings (docs/decisions/175-reminders.md): one schema for the Notifications tab and
 * `GET/PUT /oauth/users/{userId}/reminders`. Only the offered choices are accepted, at most two offsets, and
 * an optional line that carries no link, placeholder or reply request (the reminder names its own replies).
 */
const LINK = /\b(?:https?:\/\/|www\.)|\b[a-z0-9-]+\.(?:com|net|org|io|co|us|ca|app|ly|me|info|biz|link)\b/i;
const ASKS_FOR_REPLY = /\b(?:reply|respond|text (?:us|back)|responda|responder|conteste)\b/i;

export const reminderNoteSchema = z
  .string()
  .trim()
  .max(REMINDER_LIMITS.noteChars, REMINDER_TEXTS.noteTooLong)
  .refine(...safeTextRefinement)
  .refine((note) => !LINK.test(note), REMINDER_TEXTS.noteNoLinks)
  .refine((note) => !/[{}]/.test(note), REMINDER_TEXTS.noteNoPlaceholders)
  .refine(
    (note) => !ASKS_FOR_REPLY.test(note) && keywordTraps(note).length === 0,
    REMINDER_TEXTS.noteKeyword,
  );

const offsetSchema = z
  .number()
  .int()
  .refine((hours) => (REMINDER_OFFSET_CHOICES as readonly number[]).includes(hours), REMINDER_TEXTS.badOffset)
  .transform((hours) => hours as ReminderOffset);

/** PUT body. */
export const reminderSettingsSchema = z
  .object({
    enabled: z.boolean(),
    offsets_hours: z
      .array(offsetSchema)
      .min(1, REMINDER_TEXTS.offsetRequired)
      .max(REMINDER_LIMITS.maxOffsets, REMINDER_TEXTS.tooManyOffsets)
      .refine((offsets) => new Set(offsets).size === offsets.length, REMINDER_TEXTS.badOffset)
      .transform((offsets) => [...offsets].sort((a, b) => b - a)),
    quiet_start_hour: z
      .number()
      .int()
      .refine(
        (hour) => (REMINDER_LIMITS.quietStartHours as readonly number[]).includes(hour),
        REMINDER_TEXTS.badQuietStart,
      ),
    quiet_end_hour: z
      .number()
      .int()
      .refine(
        (hour) => (REMINDER_LIMITS.quietEndHours as readonly number[]).includes(hour),
        REMINDER_TEXTS.badQuietEnd,
      ),
    note: reminderNoteSchema.default(''),
  })
  .strict();
export type ReminderSettingsInput = z.input<typeof reminderSettingsSchema>;
export type ReminderSettings = z.output<typeof reminderSettingsSchema>;

/** What the API answers (and stores): the settings and when reminders were last switched on. */
export const reminderSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  offsets_hours: z.array(z.number().int()),
  quiet_start_hour: z.number().int(),
  quiet_end_hour: z.number().int(),
  note: z.string(),
  /** ISO time reminders were last switched on (null while never on): analytics splits before and after it. */
  enabled_since: z.iso.datetime().nullable(),
});
export type StoredReminderSettings = z.infer<typeof reminderSettingsResponseSchema>;

/** Until the owner saves their own: off, 24 h and 2 h before, quiet 21:00–08:00. */
export const DEFAULT_REMINDER_SETTINGS: StoredReminderSettings = {
  enabled: false,
  offsets_hours: [...DEFAULT_REMINDER_OFFSETS],
  quiet_start_hour: DEFAULT_QUIET_HOURS.start_hour,
  quiet_end_hour: DEFAULT_QUIET_HOURS.end_hour,
  note: '',
  enabled_since: null,
};
