import type { AppDeps } from '../app-types';
import { runNotificationJobs } from './jobs';

const EVERY_MS = 60_000;

/**
 * The local stand-in for the AWS schedules: the sweep and the digest job every minute (the digest sends only
 * in each zone's 7:00 hour, once per owner and day, as in AWS). One run at a time; a failed run is logged.
 */
export function startLocalNotificationTimer(deps: Pick<AppDeps, 'notifier' | 'receptionist' | 'logger'>) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runNotificationJobs(deps, ['sweep', 'digest'])
      .catch((error: unknown) =>
        deps.logger.warn('notifications.local_timer_failed', { error: String(error) }),
      )
      .finally(() => (running = false));
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
