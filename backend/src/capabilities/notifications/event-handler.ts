import { z } from 'zod';
import type { Logger } from '../../platform/logging/logger';
import { NOTIFICATION_JOBS } from './fan-out';
import { sqsEventSchema, type NotificationJobs } from './jobs';

/** The schedule's input (the EventBridge rules' constant `Input`). */
const scheduleSchema = z.object({ jobs: z.array(z.enum(NOTIFICATION_JOBS)).min(1) });

/**
 * The notifications function's two kinds of event (docs/decisions/162): the schedule's `{"jobs": […]}`
 * queues a run; an SQS event of its queue handles batches and answers which messages failed.
 */
export function createNotificationsHandler(jobs: NotificationJobs, logger: Logger) {
  return async (event: unknown) => {
    const records = sqsEventSchema.safeParse(event);
    if (records.success) return jobs.consume(records.data);
    const parsed = scheduleSchema.safeParse(event);
    if (!parsed.success) {
      logger.error('notifications.bad_event', { issue: parsed.error.issues[0]?.message });
      throw new Error(
        'The notifications function takes {"jobs": ["sweep" | "digest", …]} or SQS events of its queue',
      );
    }
    return jobs.run(parsed.data.jobs);
  };
}
