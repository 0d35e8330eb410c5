import { NOTIFICATION_FAN_OUT } from '@shared/notifications-fan-out';
import { BUSINESS_TIME_ZONE_IDS } from '@shared/receptionist/time-zones';
import type { ConversationStateRepository } from '../receptionist/records/index';
import { dueHourOf, type NotificationRepository } from './records/notification-records';
import type { Logger } from '../../platform/logging/logger';
import type { MessageQueue } from '../../providers/queue/port';
import type { SweepDue } from './notifier';
import type { ReminderSender } from '../reminders/index';
import { isDigestHour } from './digest';
import {
  batchesOf,
  sweepBatchesOf,
  type DigestOwner,
  type NotificationBatch,
  type SweepOwner,
} from './fan-out';

/** Hours of due markers the sweep looks back over. */
const SWEEP_LOOKBACK_HOURS = 48;
/** Owners listed before a digest run sends them on: one SendMessageBatch of full messages. */
const DIGEST_OWNERS_PER_SEND = NOTIFICATION_FAN_OUT.ownersPerBatch * NOTIFICATION_FAN_OUT.messagesPerSend;

export type PlannerDeps = {
  data: {
    notifications: Pick<NotificationRepository, 'dueIn' | 'digestRecipients' | 'clearDue'>;
    conversationStates: Pick<ConversationStateRepository, 'get'>;
  };
  queue: MessageQueue;
  logger: Logger;
  /** Appointment reminders (docs/decisions/175-reminders.md), listed with the sweep. */
  reminders?: Pick<ReminderSender, 'dueByOwner'>;
};

export type PlanResult = { owners: number; batches: number };

/**
 * The scheduled half of the fan-out (docs/decisions/162): it only lists owners, page by page, and sends
 * one message per batch of them; workers do the work (worker.ts). Listing reads by key (due-hour and
 * time-zone partitions), never a Scan.
 */
export function createNotificationPlanner(deps: PlannerDeps) {
  const { data, queue } = deps;

  const send = async (batches: NotificationBatch[]) => {
    await queue.send(batches.map((batch) => JSON.stringify(batch)));
    return batches.length;
  };

  return {
    /**
     * Every due marker up to `now`, grouped by owner (an owner's markers from all 49 hours in one entry,
     * so the owner is claimed once per run), at most `dueMarkersPerOwnerPerRun` each.
     */
    async planSweep(runId: string, now: Date): Promise<PlanResult> {
      const byOwner = new Map<string, SweepDue[]>();
      for (let hour = SWEEP_LOOKBACK_HOURS; hour >= 0; hour -= 1) {
        const bucket = dueHourOf(new Date(now.getTime() - hour * 3_600_000));
        for await (const marker of data.notifications.dueIn(bucket)) {
          if (Date.parse(marker.dueAt) > now.getTime()) continue;
          const ownerId =
            marker.ownerId ?? (await data.conversationStates.get(marker.conversationId))?.owner_id;
          if (!ownerId) {
            // The conversation is gone (erased, expired): nothing is left to send for it.
            await data.notifications.clearDue(marker.dueHour, marker.conversationId);
            continue;
          }
          const due = byOwner.get(ownerId) ?? [];
          if (due.length < NOTIFICATION_FAN_OUT.dueMarkersPerOwnerPerRun)
            due.push({
              conversation_id: marker.conversationId,
              due_hour: marker.dueHour,
              due_at: marker.dueAt,
            });
          byOwner.set(ownerId, due);
        }
      }
      const owners: SweepOwner[] = [...byOwner].map(([owner_id, due]) => ({ owner_id, due }));
      const batches = await send(
        sweepBatchesOf(owners).map((batch) => ({ job: 'sweep' as const, run_id: runId, owners: batch })),
      );
      return { owners: owners.length, batches };
    },

    /**
     * Every appointment reminder due by `at`, grouped by owner (an owner is claimed once per run), at most
     * `dueMarkersPerOwnerPerRun` each: the rest go in the next sweep, two minutes later.
     */
    async planReminders(runId: string, at: Date): Promise<PlanResult> {
      if (!deps.reminders) return { owners: 0, batches: 0 };
      const byOwner = await deps.reminders.dueByOwner(at, NOTIFICATION_FAN_OUT.dueMarkersPerOwnerPerRun);
      const owners = [...byOwner].map(([owner_id, due]) => ({ owner_id, due }));
      const batches = await send(
        sweepBatchesOf(owners).map((batch) => ({
          job: 'reminders' as const,
          run_id: runId,
          at: at.toISOString(),
          owners: batch,
        })),
      );
      return { owners: owners.length, batches };
    },

    /**
     * The owners of every zone whose local hour is the digest hour (`anyHour`: every zone), sent on as
     * they are listed, a page at a time, so 10,000 owners never sit in memory or in one message.
     */
    async planDigest(runId: string, now: Date, options: { anyHour?: boolean } = {}): Promise<PlanResult> {
      const result = { owners: 0, batches: 0 };
      let pending: DigestOwner[] = [];
      const flush = async () => {
        result.batches += await send(
          batchesOf(pending).map((batch) => ({
            job: 'digest' as const,
            run_id: runId,
            at: now.toISOString(),
            owners: batch,
          })),
        );
        pending = [];
      };
      for (const timeZone of BUSINESS_TIME_ZONE_IDS) {
        if (!options.anyHour && !isDigestHour(now, timeZone)) continue;
        for await (const ownerId of data.notifications.digestRecipients(timeZone)) {
          result.owners += 1;
          pending.push({ owner_id: ownerId, time_zone: timeZone });
          if (pending.length === DIGEST_OWNERS_PER_SEND) await flush();
        }
      }
      if (pending.length) await flush();
      return result;
    },
  };
}
