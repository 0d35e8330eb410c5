import { ASSISTANT_CHECK_HOURLY_LIMIT } from '@shared/schemas/assistant-check';
import type { RateLimiter } from '../dynamo/rate-limits';
import { tooManyRequests } from '../errors/http-error';

/**
 * Per-user quotas on the calls that cost money upstream (maps lookups, model and speech calls). They are
 * generous for a person clicking through the wizard and stop a script or a stuck loop early. Counted in the
 * shared DynamoDB rate limiter, so they hold across Lambda instances.
 */
export const USER_QUOTAS = {
  businessLookup: { limit: 20, windowSeconds: 10 * 60 },
  aiGeneration: { limit: 30, windowSeconds: 60 * 60 },
  speech: { limit: 60, windowSeconds: 10 * 60 },
  // Issue 10 §8: everything that stores items or opens sessions at a vendor has a per-owner ceiling.
  checkoutSessions: { limit: 20, windowSeconds: 60 * 60 },
  portalSessions: { limit: 30, windowSeconds: 60 * 60 },
  oauthStates: { limit: 20, windowSeconds: 60 * 60 },
  featureEngagement: { limit: 30, windowSeconds: 24 * 60 * 60 },
  createCalendar: { limit: 10, windowSeconds: 60 * 60 },
  /** E-mails an owner makes us send to third parties (invitations, calendar shares), all kinds together. */
  ownerEmails: { limit: 20, windowSeconds: 24 * 60 * 60 },
  /** Referrals added a day: cancelling and re-adding cannot cycle without end. */
  referralAdds: { limit: 10, windowSeconds: 24 * 60 * 60 },
  /**
   * Number searches (setup step 4): each is a call to the telephony provider's API, which rate-limits the
   * account. Enough for a person trying area code after area code; a script stops within minutes.
   */
  numberSearch: { limit: 30, windowSeconds: 10 * 60 },
  /**
   * Next-invoice previews (the Subscription tab): each is a call to the payment provider's API, which
   * rate-limits the account. A person opens the tab a few times; a stuck loop stops here.
   */
  invoicePreviews: { limit: 30, windowSeconds: 10 * 60 },
  /** API keys created a day: the live-key cap bounds what is stored, this bounds create-revoke cycling. */
  apiKeyCreates: { limit: 30, windowSeconds: 24 * 60 * 60 },
  /** "Check my assistant" runs: each is ten conversations, with OpenAI ten and more model calls. */
  assistantChecks: { limit: ASSISTANT_CHECK_HOURLY_LIMIT, windowSeconds: 60 * 60 },
} as const;

/** The 429 text of the per-owner ceilings above (the business-lookup wording of spec §8). */
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again';
export type QuotaName = keyof typeof USER_QUOTAS;

/**
 * Counts one use for the user; once the window's quota is spent, throws the 429 with `message` (or the
 * message for the wait) and the seconds until the window ends, so the client knows when to try again.
 */
export async function enforceUserQuota(
  rateLimiter: RateLimiter,
  quota: QuotaName,
  userId: string,
  message: string | ((retryAfterSeconds: number) => string),
): Promise<void> {
  const { limit, windowSeconds } = USER_QUOTAS[quota];
  if (await rateLimiter.hit(`${quota}#${userId}`, limit, windowSeconds)) return;
  const retryAfterSeconds = rateLimiter.secondsLeft(windowSeconds);
  throw tooManyRequests(
    typeof message === 'string' ? message : message(retryAfterSeconds),
    retryAfterSeconds,
  );
}
