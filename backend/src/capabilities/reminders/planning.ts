import type { Language } from '@shared/language';
import { firstReminderAfter, planReminders } from '@shared/reminders';
import { REMINDER_LIMITS } from '@shared/reminders';
import { DEFAULT_REMINDER_SETTINGS, type StoredReminderSettings } from '@shared/schemas/reminders';
import type { Appointment } from '@shared/schemas/appointment';
import type { RemindersDeps } from './deps';
import { reminderBusinessOf } from './business-of';

/** The send times of an appointment's reminders under the owner's settings (none when they are off). */
export function remindersOf(
  appointment: Pick<Appointment, 'starts_at' | 'created_at'>,
  settings: StoredReminderSettings,
  timeZone: string,
  now: Date,
) {
  if (!settings.enabled) return [];
  const notBefore = firstReminderAfter(new Date(appointment.created_at));
  return planReminders({
    startsAt: new Date(appointment.starts_at),
    offsets: settings.offsets_hours,
    quiet: { start_hour: settings.quiet_start_hour, end_hour: settings.quiet_end_hour },
    timeZone,
    notBefore: notBefore > now ? notBefore : now,
  });
}

/**
 * Planning (docs/decisions/175-reminders.md): a booked or moved appointment gets one due marker per
 * reminder, under the hour it goes out. A moved appointment is a new item with a new id, so its reminders
 * are planned afresh, and the old id's markers find it cancelled at send time. Saving the settings
 * re-plans the owner's upcoming appointments.
 */
export function createReminderPlanning(deps: RemindersDeps) {
  const { data } = deps;
  const settingsOf = async (ownerId: string) =>
    (await data.reminders.getSettings(ownerId)) ?? DEFAULT_REMINDER_SETTINGS;

  async function plan(
    appointments: readonly Appointment[],
    settings: StoredReminderSettings,
    timeZone: string,
    languageOf: (appointment: Appointment) => Promise<Language>,
  ): Promise<number> {
    const now = deps.now();
    const due = [];
    for (const appointment of appointments) {
      if (appointment.status !== 'booked') continue;
      const planned = remindersOf(appointment, settings, timeZone, now);
      if (planned.length === 0) continue;
      const language = await languageOf(appointment);
      due.push(
        ...planned.map((reminder) => ({
          owner_id: appointment.owner_id,
          appointment_id: appointment.id,
          offset_hours: reminder.offset_hours,
          send_at: reminder.send_at.toISOString(),
          language,
        })),
      );
    }
    await data.reminders.putDue(due);
    return due.length;
  }

  return {
    /** A booking or a move just happened: plan its reminders (in the booking's language, else its conversation's). */
    async planFor(
      appointment: Appointment,
      context: { timeZone: string; language?: Language | undefined },
    ): Promise<number> {
      const settings = await settingsOf(appointment.owner_id);
      return plan(
        [appointment],
        settings,
        context.timeZone,
        async () => appointment.language ?? context.language ?? 'en',
      );
    },

    /** The settings changed: every upcoming appointment is planned again under them. */
    async replanOwner(ownerId: string): Promise<number> {
      const [settings, config] = await Promise.all([
        settingsOf(ownerId),
        data.businessConfigs.getConfig(ownerId),
      ]);
      if (!settings.enabled) return 0;
      const upcoming = (await data.appointments.upcoming(ownerId)).slice(
        0,
        REMINDER_LIMITS.replanMaxAppointments,
      );
      // The language stored with the booking; bookings made before it was stored: their conversation's.
      return plan(upcoming, settings, reminderBusinessOf(config).timeZone, async (appointment) =>
        appointment.language
          ? appointment.language
          : appointment.conversation_id
            ? ((await data.conversationStates.get(appointment.conversation_id))?.language ?? 'en')
            : 'en',
      );
    },
  };
}
export type ReminderPlanning = ReturnType<typeof createReminderPlanning>;
