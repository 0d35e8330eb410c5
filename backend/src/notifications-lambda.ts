import { z } from 'zod';
import { initLambda } from './lambda-init';
import { NOTIFICATION_JOBS, runNotificationJobs } from './notifications/jobs';

/**
 * The notifications function (docs/decisions/130-notifications.md): EventBridge invokes it on a schedule
 * with `{"jobs":["sweep"]}` every 2 minutes and `{"jobs":["digest"]}` hourly. No HTTP: nothing reaches it
 * but the schedule.
 */
const eventSchema = z.object({ jobs: z.array(z.enum(NOTIFICATION_JOBS)).min(1) });

const { deps } = await initLambda();

export const handler = async (event: unknown) => {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) {
    deps.logger.error('notifications.bad_event', { issue: parsed.error.issues[0]?.message });
    throw new Error('The notifications function takes {"jobs": ["sweep" | "digest", …]}');
  }
  return runNotificationJobs(deps, parsed.data.jobs);
};
