import { randomUUID } from 'node:crypto';
import { NOTIFICATION_FAN_OUT } from '@shared/notifications-fan-out';
import type { NotificationRepository } from './records/notification-records';
import type { Logger } from '../../platform/logging/logger';
import type { FinishConversation, Notifier } from './notifier';
import type { ReminderSender } from '../reminders/index';
import { notificationBatchSchema, type NotificationBatch } from './fan-out';

/** An owner's claim outlives any invocation handling it (the function's timeout), and lapses before redelivery. */
const OWNER_LEASE_MS = NOTIFICATION_FAN_OUT.functionTimeoutSeconds * 1000;

export type WorkerDeps = {
  data: { notifications: Pick<NotificationRepository, 'claimRun' | 'completeRun' | 'releaseRun'> };
  notifier: Pick<Notifier, 'sweepDue' | 'digest' | 'settled'>;
  finish: FinishConversation;
  now: () => Date;
  logger: Logger;
  /** Sends an owner's due appointment reminders (docs/decisions/175-reminders.md). */
  reminders?: Pick<ReminderSender, 'sendDue'>;
};

export type BatchResult = { handled: number; skipped: number };

export class BatchFailedError extends Error {}

/**
 * The worker half of the fan-out (docs/decisions/162): one message, one batch of owners. The batch's owners
 * are claimed for the run before any is handled (conditional writes, one transaction), so a batch delivered
 * twice or a second copy of the run handles each owner once; an owner that fails is released and the
 * message rejects, so the queue redelivers it and only that owner is handled again (the others are done).
 */
export function createNotificationWorker(deps: WorkerDeps) {
  const { data, notifier, logger } = deps;

  async function handleOwner(batch: NotificationBatch, index: number) {
    if (batch.job === 'sweep') {
      const owner = batch.owners[index]!;
      await notifier.sweepDue(owner.due, deps.finish);
    } else if (batch.job === 'reminders') {
      const owner = batch.owners[index]!;
      if (!deps.reminders) throw new Error('This worker was built without reminders');
      const result = await deps.reminders.sendDue(owner.owner_id, owner.due, new Date(batch.at));
      // A failed text keeps its marker for the next sweep; the owner's part of this run is done.
      if (result.failed)
        logger.warn('notifications.reminders_failed', { owner_id: owner.owner_id, ...result });
      return;
    } else {
      const owner = batch.owners[index]!;
      await notifier.digest(owner.owner_id, owner.time_zone, new Date(batch.at));
    }
    // The sweep's summaries may finish in the background: the owner is done once they are.
    await notifier.settled();
  }

  return {
    /** Handles one message's body; rejects (the queue redelivers it) when it is malformed or an owner failed. */
    async handle(body: string): Promise<BatchResult> {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const parsed = notificationBatchSchema.safeParse(json);
      if (!parsed.success) {
        // Never valid on redelivery either: it ends in the dead-letter queue, whose alarm asks for a look.
        logger.error('notifications.bad_batch', { issue: parsed.error.issues[0]?.message });
        throw new BatchFailedError('Not a notification batch');
      }
      const batch = parsed.data;
      const holder = randomUUID();
      const ownerIds = batch.owners.map((owner) => owner.owner_id);
      const claimed = new Set(
        await data.notifications.claimRun(
          batch.job,
          batch.run_id,
          ownerIds,
          holder,
          deps.now(),
          OWNER_LEASE_MS,
        ),
      );
      const done: string[] = [];
      const failed: string[] = [];
      for (const [index, ownerId] of ownerIds.entries()) {
        if (!claimed.has(ownerId)) continue;
        try {
          await handleOwner(batch, index);
          done.push(ownerId);
        } catch (error) {
          failed.push(ownerId);
          logger.warn('notifications.owner_failed', {
            job: batch.job,
            run_id: batch.run_id,
            owner_id: ownerId,
            error: String(error),
          });
          await data.notifications.releaseRun(batch.job, batch.run_id, ownerId, holder);
        }
      }
      await data.notifications.completeRun(batch.job, batch.run_id, done, holder, deps.now());
      const result: BatchResult = { handled: done.length, skipped: ownerIds.length - claimed.size };
      logger.info('notifications.batch_done', {
        job: batch.job,
        run_id: batch.run_id,
        ...result,
        failed: failed.length,
      });
      if (failed.length)
        throw new BatchFailedError(
          `${failed.length} of ${batch.owners.length} owners failed in ${batch.job}`,
        );
      return result;
    },
  };
}
