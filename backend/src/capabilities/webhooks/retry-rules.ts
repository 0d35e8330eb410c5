import type { WebhookAttempt } from '@shared/schemas/webhook-endpoints';
import { WEBHOOK_DELIVERY } from '@shared/webhooks';

/**
 * When a failed delivery is tried next (docs/decisions/178-outbound-webhooks.md): after the n-th failed
 * attempt, the n-th delay of the schedule (the last one repeating), but never past the deadline: the last
 * retry is moved to the deadline itself. Null once the deadline has passed: the delivery has failed.
 */
export function nextAttemptAt(failedAttempts: number, at: Date, deadline: Date): Date | null {
  if (at.getTime() >= deadline.getTime()) return null;
  const delays = WEBHOOK_DELIVERY.retryDelaysMinutes;
  const minutes = delays[Math.min(Math.max(failedAttempts, 1), delays.length) - 1]!;
  const next = at.getTime() + minutes * 60_000;
  return new Date(Math.min(next, deadline.getTime()));
}

/** The retry window of a delivery made at `createdAt`. */
export const deadlineOf = (createdAt: Date) =>
  new Date(createdAt.getTime() + WEBHOOK_DELIVERY.retryWindowHours * 3_600_000);

/** The delivery log keeps the latest attempts only; the count keeps counting. */
export const withAttempt = (log: readonly WebhookAttempt[], attempt: WebhookAttempt) =>
  [...log, attempt].slice(-WEBHOOK_DELIVERY.attemptsShown);
