import { randomUUID } from 'node:crypto';
import { callerTexts } from '@shared/caller-texts';
import { isNorthAmericanPhone } from '@shared/phone/phone-number';
import { spokenTimeIn } from '@shared/receptionist/spoken-time-es';
import { SMS_MAX_BODY_CHARS } from '@shared/sms';
import { DEFAULT_REMINDER_SETTINGS } from '@shared/schemas/reminders';
import type { Appointment } from '@shared/schemas/appointment';
import { RecipientOptedOutError } from '../../providers/telephony/port';
import type { RemindersDeps } from './deps';
import { reminderBusinessOf } from './business-of';
import { remindersOf } from './planning';
import { sendHourOf, type ReminderDue, type ReminderOutcome } from './records/index';

/** Hours of due markers a sweep looks back over: a reminder held up longer than a day is not sent late. */
export const REMINDER_LOOKBACK_HOURS = 24;
/** A claim outlives one owner's sending (seconds), and lapses well before the next sweeps retry it. */
const CLAIM_LEASE_MS = 120_000;
/** A marker whose reminder's fresh send time moved this far on is put at the new time instead. */
const MOVED_TOLERANCE_MS = 60_000;
/** Texts one owner's reminders send at once. */
const SEND_CONCURRENCY = 10;

export type OwnerReminderResult = { sent: number; skipped: number; moved: number; failed: number };

/**
 * The sending half of reminders (docs/decisions/175-reminders.md), run by the notification worker for one
 * owner's due reminders. Everything is checked again at send time: the appointment is still booked at that
 * time (a cancelled or moved one is never reminded), the reminder is still in the owner's plan, the caller
 * has not opted out nor been blocked, texting is allowed (the telephony provider's A2P gate). Each reminder is claimed with a
 * conditional write before it is sent, so two sweeps at once, or a redelivered batch, send it once.
 */
export function createReminderSender(deps: RemindersDeps) {
  const { data, logger } = deps;

  async function outcomeOf(
    reminder: ReminderDue,
    appointment: Appointment,
    text: string,
    from: string,
    optedOut: ReadonlySet<string>,
  ): Promise<ReminderOutcome | 'failed'> {
    const to = appointment.customer_phone;
    if (optedOut.has(to)) return 'skipped';
    // The owner blocked this caller after the booking: the business wants no contact (decision 176).
    if (await data.blockedNumbers.isBlocked(reminder.owner_id, to)) return 'skipped';
    // Texting is not allowed from this number (A2P registration, decision 169): never sent, not retried.
    if (!(await deps.textingGate.allows(from, to))) {
      logger.info('reminders.not_allowed', { owner_id: reminder.owner_id });
      return 'skipped';
    }
    try {
      await deps.telephony.sendSms({ from, to, body: text });
      return 'sent';
    } catch (error) {
      // Opted out at the carrier (21610): never sent, and not tried again.
      if (error instanceof RecipientOptedOutError) {
        logger.info('reminders.not_sent', { owner_id: reminder.owner_id, reason: error.constructor.name });
        return 'skipped';
      }
      logger.warn('reminders.send_failed', { owner_id: reminder.owner_id, error: String(error) });
      return 'failed';
    }
  }

  return {
    /** Every reminder due by `at`, grouped by owner (read by send hour, oldest first). */
    async dueByOwner(at: Date, perOwner: number): Promise<Map<string, ReminderDue[]>> {
      const byOwner = new Map<string, ReminderDue[]>();
      for (let hour = REMINDER_LOOKBACK_HOURS; hour >= 0; hour -= 1) {
        const bucket = sendHourOf(new Date(at.getTime() - hour * 3_600_000));
        for await (const reminder of data.reminders.dueIn(bucket)) {
          if (Date.parse(reminder.send_at) > at.getTime()) continue;
          const due = byOwner.get(reminder.owner_id) ?? [];
          if (due.length < perOwner) due.push(reminder);
          byOwner.set(reminder.owner_id, due);
        }
      }
      return byOwner;
    },

    /** Sends one owner's due reminders as of `at`; throws (the batch is retried) only when storage fails. */
    async sendDue(ownerId: string, due: readonly ReminderDue[], at: Date): Promise<OwnerReminderResult> {
      const result: OwnerReminderResult = { sent: 0, skipped: 0, moved: 0, failed: 0 };
      const [settings, config, appointments] = await Promise.all([
        data.reminders.getSettings(ownerId),
        data.businessConfigs.getConfig(ownerId),
        data.appointments.getMany(
          ownerId,
          due.map((reminder) => reminder.appointment_id),
        ),
      ]);
      const business = reminderBusinessOf(config);
      const current = settings ?? DEFAULT_REMINDER_SETTINGS;
      const clear: ReminderDue[] = [];
      const replan: Array<Omit<ReminderDue, 'send_hour'>> = [];
      const toSend: Array<{ reminder: ReminderDue; appointment: Appointment }> = [];
      for (const reminder of due) {
        const appointment = appointments.get(reminder.appointment_id);
        const plan =
          appointment?.status === 'booked' && business.assistantNumber
            ? remindersOf(appointment, current, business.timeZone, new Date(appointment.created_at))
            : [];
        const planned = plan.find((p) => p.offset_hours === reminder.offset_hours);
        clear.push(reminder);
        if (!appointment || !planned || Date.parse(appointment.starts_at) <= at.getTime()) {
          // Cancelled, moved, off, no longer chosen, or too late: nothing to send.
          result.skipped += 1;
        } else if (planned.send_at.getTime() > at.getTime() + MOVED_TOLERANCE_MS) {
          // The quiet hours changed since it was planned: it waits for its new time.
          replan.push({ ...reminder, send_at: planned.send_at.toISOString() });
          result.moved += 1;
        } else if (!isNorthAmericanPhone(appointment.customer_phone)) {
          // The assistant starts texts to US and Canadian numbers only (decision 166).
          result.skipped += 1;
        } else {
          toSend.push({ reminder, appointment });
        }
      }
      const holder = randomUUID();
      const claimed = new Set(
        await data.reminders.claim(
          toSend.map((s) => s.reminder),
          holder,
          at,
          CLAIM_LEASE_MS,
        ),
      );
      const done: Array<{ reminder: ReminderDue; outcome: ReminderOutcome }> = [];
      const failed: ReminderDue[] = [];
      const sending = toSend.filter((s) => claimed.has(s.reminder));
      const optedOut = business.assistantNumber
        ? await data.smsMessaging.optedOutAmong(
            business.assistantNumber,
            sending.map((s) => s.appointment.customer_phone),
          )
        : new Set<string>();
      result.skipped += toSend.length - sending.length;
      for (let start = 0; start < sending.length; start += SEND_CONCURRENCY) {
        await Promise.all(
          sending.slice(start, start + SEND_CONCURRENCY).map(async ({ reminder, appointment }) => {
            const text = callerTexts(reminder.language)
              .reminder(
                {
                  business: business.name,
                  when: spokenTimeIn(reminder.language, new Date(appointment.starts_at), business.timeZone),
                  service: appointment.service,
                },
                current.note,
              )
              .slice(0, SMS_MAX_BODY_CHARS);
            const outcome = await outcomeOf(reminder, appointment, text, business.assistantNumber!, optedOut);
            if (outcome === 'failed') failed.push(reminder);
            else done.push({ reminder, outcome });
            result[outcome === 'sent' ? 'sent' : outcome === 'failed' ? 'failed' : 'skipped'] += 1;
          }),
        );
      }
      await data.reminders.complete(done, at);
      await data.appointments.markReminded(
        ownerId,
        done.filter((d) => d.outcome === 'sent').map((d) => d.reminder.appointment_id),
        at,
      );
      await data.reminders.release(failed);
      await data.reminders.putDue(replan);
      // A failed text keeps its marker: the next sweep tries it again (its claim was released).
      await data.reminders.clearDue(clear.filter((reminder) => !failed.includes(reminder)));
      logger.info('reminders.owner_done', { owner_id: ownerId, ...result });
      return result;
    },
  };
}
export type ReminderSender = ReturnType<typeof createReminderSender>;
