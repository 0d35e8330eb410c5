import type { RateLimiter } from '../../data/rate-limits';
import { tooManyRequests } from '../../errors/http-error';

/**
 * Per-user quotas on the calls that cost money upstream (maps lookups, model and speech calls). They are
 * generous for a person clicking through the wizard and stop a script or a stuck loop early. Counted in the
 * shared DynamoDB rate limiter, so they hold across Lambda instances.
 */
export const USER_QUOTAS = {
  businessLookup: { limit: 20, windowSeconds: 10 * 60 },
  aiGeneration: { limit: 30, windowSeconds: 60 * 60 },
  speech: { limit: 60, windowSeconds: 10 * 60 },
} as const;
export type QuotaName = keyof typeof USER_QUOTAS;

/** Counts one use for the user; throws the 429 with `message` once the window's quota is spent. */
export async function enforceUserQuota(
  rateLimiter: RateLimiter,
  quota: QuotaName,
  userId: string,
  message: string,
): Promise<void> {
  const { limit, windowSeconds } = USER_QUOTAS[quota];
  if (!(await rateLimiter.hit(`${quota}#${userId}`, limit, windowSeconds))) throw tooManyRequests(message);
}
