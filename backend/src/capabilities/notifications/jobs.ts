import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { NOTIFICATION_FAN_OUT, NOTIFICATIONS_QUEUE_URL_SETTING } from '@shared/notifications-fan-out';
import type { NotificationsDeps } from './deps';
import { chooseQueue } from '../../providers/queue/choose';
import { runIdOf, type NotificationJob } from './fan-out';
import { createNotificationPlanner, type PlanResult } from './planner';
import { createNotificationWorker } from './worker';
import type { Providers } from '../../providers/providers';
import type { CallRecordingRepository } from '../recordings/records/index';
import { expireDueRecordings } from '../recordings/index';

export { NOTIFICATION_JOBS, type NotificationJob } from './fan-out';

/** What Lambda's SQS event source delivers: the fields the worker reads (the rest is ignored). */
export const sqsEventSchema = z.object({
  Records: z
    .array(z.object({ messageId: z.string().min(1), body: z.string(), eventSource: z.literal('aws:sqs') }))
    .min(1),
});
export type SqsEvent = z.infer<typeof sqsEventSchema>;

/** A webhook queue message (`{"kind": "event" | "deliver", …}`), told from a notification batch (`job`). */
function isWebhookMessage(body: string) {
  try {
    const kind = (JSON.parse(body) as { kind?: unknown } | null)?.kind;
    return kind === 'event' || kind === 'deliver';
  } catch {
    return false;
  }
}

export type NotificationJobsDeps = Pick<
  NotificationsDeps,
  'config' | 'notifier' | 'receptionist' | 'logger' | 'now' | 'standIns' | 'reminders' | 'webhooks'
> & {
  /** With the recordings' records and provider, the sweep also deletes expired call recordings (decision 184). */
  data: NotificationsDeps['data'] & { callRecordings?: CallRecordingRepository };
  providers?: Pick<Providers, 'callRecordings'>;
};

/**
 * The scheduled notification jobs, fanned out (docs/decisions/162-notification-fan-out.md): `run` lists the
 * owners a job concerns and queues them in batches; `consume` handles the queue's batches. In AWS the
 * queue is SQS and both halves run in the notifications function (schedule and SQS events); locally
 * (npm start, tests) the in-process queue hands each batch to the same worker before `run` returns.
 */
export function createNotificationJobs(deps: NotificationJobsDeps) {
  const { logger } = deps;
  const worker = createNotificationWorker({
    data: deps.data,
    notifier: deps.notifier,
    finish: deps.receptionist.finish,
    now: deps.now,
    logger,
    ...(deps.reminders ? { reminders: deps.reminders.sender } : {}),
  });
  const localQueue = deps.standIns?.queue;
  const queue = chooseQueue(
    { appEnv: deps.config.appEnv, region: deps.config.region, ...deps.config.notificationsQueue },
    NOTIFICATIONS_QUEUE_URL_SETTING,
    localQueue &&
      (() =>
        localQueue(async (body) => void (await worker.handle(body)), {
          maxReceiveCount: NOTIFICATION_FAN_OUT.maxReceiveCount,
          concurrency: NOTIFICATION_FAN_OUT.maxConcurrentWorkers,
        })),
  );
  const planner = createNotificationPlanner({
    data: deps.data,
    queue,
    logger,
    ...(deps.reminders ? { reminders: deps.reminders.sender } : {}),
  });

  return {
    /**
     * Lists and queues the jobs asked for. A run is named by its schedule slot (two starts of one slot are
     * one run); `freshRun` makes it a run of its own (the local timer and trigger). `anyHour` sends every
     * zone's digest now (local and tests). `at` judges what is due as of another instant (the local clock
     * moved forward, local routes only; the reminders' quiet hours and send times follow it).
     */
    async run(
      jobs: readonly NotificationJob[],
      options: { anyHour?: boolean; freshRun?: boolean; runId?: string; at?: Date } = {},
    ) {
      const now = options.at ?? deps.now();
      const runOf = (job: NotificationJob) =>
        options.runId ?? (options.freshRun ? randomUUID() : runIdOf(job, now));
      const result: {
        sweep?: PlanResult & { run_id: string };
        recordings?: { deleted: number };
        reminders?: PlanResult & { run_id: string };
        digest?: PlanResult & { run_id: string };
        webhooks?: { queued: number };
      } = {};
      if (jobs.includes('sweep')) {
        const runId = runOf('sweep');
        result.sweep = { run_id: runId, ...(await planner.planSweep(runId, now)) };
        // Reminders ride the sweep's schedule (decision 175): no schedule or queue of their own.
        result.reminders = { run_id: runId, ...(await planner.planReminders(runId, now)) };
        // Webhook retries due by now (decision 178): queued to the webhooks' own queue and workers.
        if (deps.webhooks) {
          try {
            result.webhooks = await deps.webhooks.sender.sweep(now, options.at);
          } catch (error) {
            // The digest still runs; the next sweep finds the same due deliveries.
            logger.error('webhooks.sweep_failed', { error: String(error) });
          }
        }
      }
      // Call recordings past their retention are deleted at the provider (docs/decisions/184), on the sweep's
      // schedule: each due marker is a day's bucket, so a run reads a week of small partitions.
      const { callRecordings } = deps.data;
      if (jobs.includes('sweep') && callRecordings && deps.providers) {
        try {
          result.recordings = await expireDueRecordings(
            { data: { ...deps.data, callRecordings }, providers: deps.providers, logger },
            now,
          );
        } catch (error) {
          logger.error('recordings.sweep_failed', { error: String(error) });
        }
      }
      if (jobs.includes('digest')) {
        const runId = runOf('digest');
        result.digest = { run_id: runId, ...(await planner.planDigest(runId, now, options)) };
      }
      logger.info('notifications.jobs_queued', { jobs: [...jobs], ...result });
      return result;
    },

    /**
     * One SQS event: each message is one batch, handled in turn; the failed ones are reported
     * (ReportBatchItemFailures), so SQS redelivers only them and deletes the rest.
     */
    async consume(event: SqsEvent) {
      const batchItemFailures: Array<{ itemIdentifier: string }> = [];
      for (const record of event.Records) {
        try {
          // This function also consumes the webhook queue (docs/decisions/178): its messages carry a `kind`.
          if (deps.webhooks && isWebhookMessage(record.body)) await deps.webhooks.sender.handle(record.body);
          else await worker.handle(record.body);
        } catch (error) {
          logger.warn('notifications.batch_failed', { message_id: record.messageId, error: String(error) });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures };
    },

    /** One batch's body, as a queue delivers it (the local queue, tests). */
    handle: worker.handle,
  };
}
export type NotificationJobs = ReturnType<typeof createNotificationJobs>;
