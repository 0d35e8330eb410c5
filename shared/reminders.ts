import { addDays, zonedInstant, zonedParts } from './receptionist/business-time';

/**
 * Appointment reminders (docs/decisions/175-reminders.md): the owner's choices, their bounds, the dashboard's
 * texts, and the one pure rule that turns an appointment into the instants its reminders go out. The
 * settings' schema is schemas/reminders.ts; the reminder text itself is in caller-texts.ts (both languages).
 */

/** How long before the appointment a reminder may go, in hours: the Notifications tab offers these. */
export const REMINDER_OFFSET_CHOICES = [48, 24, 2, 1] as const;
export type ReminderOffset = (typeof REMINDER_OFFSET_CHOICES)[number];

export const REMINDER_LIMITS = {
  /** Reminders per appointment: more is noise for the caller and cost for the owner. */
  maxOffsets: 2,
  /** The owner's own line under the reminder ("Please arrive 10 minutes early."). */
  noteChars: 120,
  /**
   * Quiet hours may only be widened (decision 175): they always cover 21:00–08:00, the hours US rules
   * and carriers expect no texts in; the owner may start them as early as 17:00 and end them as late as 11:00.
   */
  quietStartHours: [17, 18, 19, 20, 21] as const,
  quietEndHours: [8, 9, 10, 11] as const,
  /** A reminder planned less than this after the booking is not sent: the booking's own text just went. */
  minMinutesAfterBooking: 60,
  /** A reminder never goes closer to the start than this (a deferred one would arrive too late to act on). */
  minLeadMinutes: 30,
  /** A reminder moved out of quiet hours to the evening before goes this long before they start. */
  eveningLeadMinutes: 30,
  /** Owners whose upcoming appointments are re-planned when they save settings, at most this many. */
  replanMaxAppointments: 500,
} as const;

export type QuietHours = { start_hour: number; end_hour: number };
export const DEFAULT_QUIET_HOURS: QuietHours = { start_hour: 21, end_hour: 8 };
export const DEFAULT_REMINDER_OFFSETS: readonly ReminderOffset[] = [24, 2];

/** Whether an instant falls in the business's quiet hours (which always span midnight). */
export function inQuietHours(at: Date, quiet: QuietHours, timeZone: string): boolean {
  const { hour } = zonedParts(at, timeZone);
  return hour >= quiet.start_hour || hour < quiet.end_hour;
}

/**
 * When a reminder `offsetHours` before `startsAt` goes out, or undefined when it should not go at all.
 * Outside quiet hours: exactly then. Inside them: at their end, when that is still `minLeadMinutes` before
 * the appointment; otherwise the evening before, `eveningLeadMinutes` before quiet hours began (decision 175).
 */
export function reminderSendAt(
  startsAt: Date,
  offsetHours: number,
  quiet: QuietHours,
  timeZone: string,
): Date | undefined {
  const raw = new Date(startsAt.getTime() - offsetHours * 3_600_000);
  if (!inQuietHours(raw, quiet, timeZone)) return raw;
  const local = zonedParts(raw, timeZone);
  // The quiet stretch holding `raw` began on the evening of `startDay` and ends on the morning after it.
  const startDay = local.hour >= quiet.start_hour ? local : addDays(local, -1);
  const endDay = addDays(startDay, 1);
  const quietEnd = zonedInstant({ ...endDay, hour: quiet.end_hour, minute: 0 }, timeZone);
  const latest = startsAt.getTime() - REMINDER_LIMITS.minLeadMinutes * 60_000;
  if (quietEnd.getTime() <= latest) return quietEnd;
  const quietStart = zonedInstant({ ...startDay, hour: quiet.start_hour, minute: 0 }, timeZone);
  const evening = new Date(quietStart.getTime() - REMINDER_LIMITS.eveningLeadMinutes * 60_000);
  return evening.getTime() <= latest ? evening : undefined;
}

export type PlannedReminder = { offset_hours: number; send_at: Date };

/**
 * Every reminder an appointment gets under the owner's settings: one per chosen offset, none planned
 * before `notBefore` (the booking's own text covers those), and one only where two would land together
 * (a deferred 2 h and 1 h reminder both on the evening before).
 */
export function planReminders(input: {
  startsAt: Date;
  offsets: readonly number[];
  quiet: QuietHours;
  timeZone: string;
  notBefore: Date;
}): PlannedReminder[] {
  const planned: PlannedReminder[] = [];
  for (const offset of [...input.offsets].sort((a, b) => b - a)) {
    const sendAt = reminderSendAt(input.startsAt, offset, input.quiet, input.timeZone);
    if (!sendAt || sendAt.getTime() < input.notBefore.getTime()) continue;
    if (planned.some((p) => Math.abs(p.send_at.getTime() - sendAt.getTime()) < 60 * 60_000)) continue;
    planned.push({ offset_hours: offset, send_at: sendAt });
  }
  return planned;
}

/** The earliest a just-booked appointment's reminder may go. */
export const firstReminderAfter = (bookedAt: Date) =>
  new Date(bookedAt.getTime() + REMINDER_LIMITS.minMinutesAfterBooking * 60_000);

const hourLabel = (hour: number) =>
  hour === 12 ? '12:00 PM' : hour > 12 ? `${hour - 12}:00 PM` : `${hour}:00 AM`;

export const REMINDER_TEXTS = {
  title: 'Appointment reminders',
  intro:
    'Text callers a reminder before their appointment. They reply to confirm, move or cancel it, and the assistant takes care of it.',
  enabledLabel: 'Send appointment reminders',
  offsetsLabel: 'When to send them',
  offsetLabel: (hours: number) => (hours === 1 ? '1 hour before' : `${hours} hours before`),
  offsetsHint: `Choose up to ${REMINDER_LIMITS.maxOffsets}.`,
  quietLabel: 'Quiet hours (no texts)',
  quietHint:
    'In your business’s time zone. A reminder that falls in quiet hours goes when they end, or the evening before when that would be too late.',
  quietFrom: 'From',
  quietTo: 'to',
  hourLabel,
  noteLabel: 'Add a line (optional)',
  notePlaceholder: 'Please arrive 10 minutes early.',
  previewLabel: 'Preview',
  save: 'Save reminders',
  saved: 'Reminder settings saved.',
  since: (when: string) => `On since ${when}.`,
  offsetRequired: 'Choose when to send reminders',
  tooManyOffsets: `Choose at most ${REMINDER_LIMITS.maxOffsets} reminder times`,
  badOffset: `Reminder times are ${REMINDER_OFFSET_CHOICES.join(', ')} hours before`,
  badQuietStart: `Quiet hours start between ${hourLabel(17)} and ${hourLabel(21)}`,
  badQuietEnd: `Quiet hours end between ${hourLabel(8)} and ${hourLabel(11)}`,
  noteTooLong: `Keep the added line to ${REMINDER_LIMITS.noteChars} characters`,
  noteNoLinks: 'The added line cannot contain links',
  noteNoPlaceholders: 'The added line cannot contain placeholders like {name}',
  noteKeyword: 'The added line cannot ask for a reply: callers reply with the words the reminder names',
  /** Sample values for the preview. */
  sample: { business: 'Your business', service: 'Haircut', when: 'Tuesday, December 1 at 3:00 PM' },
} as const;
