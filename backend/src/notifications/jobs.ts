import type { AppDeps } from '../app-types';

/** The scheduled notification jobs: 'sweep' every few minutes, 'digest' hourly (each zone's 7:00 comes once). */
export const NOTIFICATION_JOBS = ['sweep', 'digest'] as const;
export type NotificationJob = (typeof NOTIFICATION_JOBS)[number];

/**
 * Runs the jobs asked for: the same code behind the AWS schedule (notifications-lambda.ts), the local dev
 * server's timer and the local trigger route. `anyHour` sends every zone's digest now (local and tests).
 */
export async function runNotificationJobs(
  deps: Pick<AppDeps, 'notifier' | 'receptionist' | 'logger'>,
  jobs: readonly NotificationJob[],
  options: { anyHour?: boolean } = {},
) {
  const result: {
    sweep?: Awaited<ReturnType<AppDeps['notifier']['sweep']>>;
    digest?: { owners: number; sent: number };
  } = {};
  if (jobs.includes('sweep')) result.sweep = await deps.notifier.sweep(deps.receptionist.finish);
  if (jobs.includes('digest')) result.digest = await deps.notifier.runDigests(options);
  // Sends the sweep's finishes started in the background, so a Lambda run ends with them done.
  await deps.notifier.settled();
  deps.logger.info('notifications.jobs_ran', { jobs: [...jobs], ...result });
  return result;
}
