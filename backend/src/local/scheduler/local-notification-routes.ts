import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../entry/app-types';
import { badRequest } from '../../platform/errors/http-error';
import { createNotificationJobs, NOTIFICATION_JOBS } from '../../capabilities/notifications/index';

export const LOCAL_NOTIFICATIONS_RUN_PATH = '/local/notifications/run';

const jobsQuery = z.object({
  jobs: z
    .string()
    .max(40)
    .default(NOTIFICATION_JOBS.join(','))
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(NOTIFICATION_JOBS)).min(1)),
  /**
   * The local clock moved forward (docs/decisions/175-reminders.md): the run judges what is due, and the
   * reminders' quiet hours, as of this instant. Local only: AWS runs always use the real time.
   */
  at: z.iso.datetime().optional(),
});

/**
 * Local only (mounted with the local providers): runs the notification jobs now, every zone's digest
 * included, as the AWS schedule would at its hour, each call a run of its own through the in-process queue
 * (it answers once every batch was handled). Tests and `npm start` users call it instead of waiting.
 */
export const localNotificationRoutes = (deps: AppDeps) => {
  const jobs = createNotificationJobs(deps);
  return new Hono<AppEnv>().post(LOCAL_NOTIFICATIONS_RUN_PATH, async (c) => {
    const parsed = jobsQuery.safeParse(c.req.query());
    if (!parsed.success)
      throw badRequest(
        'jobs must be sweep, digest or both, comma-separated; at, when given, an ISO time (e.g. 2026-12-01T14:00:00Z)',
      );
    const { jobs: asked, at } = parsed.data;
    return c.json(
      await jobs.run(asked, { anyHour: true, freshRun: true, ...(at ? { at: new Date(at) } : {}) }),
      200,
    );
  });
};
