import type { Logger } from '../../platform/logging/logger';
import type { NotificationJobs } from '../../capabilities/notifications/index';

const EVERY_MS = 60_000;

/**
 * The local stand-in for the AWS schedules: the sweep and the digest job every minute (the digest sends only
 * in each zone's 7:00 hour, once per owner and day, as in AWS), each tick a run of its own through the
 * in-process queue. One run at a time; a failed run is logged.
 */
export function startLocalNotificationTimer(jobs: NotificationJobs, logger: Logger) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    jobs
      .run(['sweep', 'digest'], { freshRun: true })
      .catch((error: unknown) => logger.warn('notifications.local_timer_failed', { error: String(error) }))
      .finally(() => (running = false));
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
