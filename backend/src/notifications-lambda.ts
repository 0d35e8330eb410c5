import { z } from 'zod';
import { initLambda } from './lambda-init';
import { createNotificationJobs, NOTIFICATION_JOBS, sqsEventSchema } from './notifications/jobs';

/**
 * The notifications function (docs/decisions/130-notifications.md, 162-notification-fan-out.md). EventBridge
 * invokes it with `{"jobs":["sweep"]}` every 2 minutes and `{"jobs":["digest"]}` hourly: it lists the owners
 * concerned and queues them in batches. The queue's event source invokes it with SQS events: it handles
 * each batch and reports the failed ones. No HTTP: nothing else reaches it.
 */
const scheduleSchema = z.object({ jobs: z.array(z.enum(NOTIFICATION_JOBS)).min(1) });

const { deps } = await initLambda();
const jobs = createNotificationJobs(deps);

export const handler = async (event: unknown) => {
  const records = sqsEventSchema.safeParse(event);
  if (records.success) return jobs.consume(records.data);
  const parsed = scheduleSchema.safeParse(event);
  if (!parsed.success) {
    deps.logger.error('notifications.bad_event', { issue: parsed.error.issues[0]?.message });
    throw new Error(
      'The notifications function takes {"jobs": ["sweep" | "digest", …]} or SQS events of its queue',
    );
  }
  return jobs.run(parsed.data.jobs);
};
