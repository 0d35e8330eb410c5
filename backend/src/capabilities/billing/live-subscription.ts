import { SUBSCRIPTION_REQUIRED, isSubscribed } from '@shared/plans';
import type { BillingDeps } from './deps';
import { HttpError } from '../../platform/errors/http-error';

type SubscriptionReader = {
  data: { subscriptions: Pick<BillingDeps['data']['subscriptions'], 'getSubscription'> };
};

/**
 * Whether the owner pays (or is in the free trial) right now: the one rule, read from the stored provider
 * state, behind everything that costs money (buying a number, e-mails to third parties, the assistant
 * answering calls and texts). past_due, unpaid, canceled and no subscription are not live.
 */
export async function hasLiveSubscription(deps: SubscriptionReader, userId: string): Promise<boolean> {
  const subscription = await deps.data.subscriptions.getSubscription(userId);
  return isSubscribed(subscription.status);
}

/** Throws 402 `subscription_required` (the UI links to /plans) unless the owner's subscription is live. */
export async function requireLiveSubscription(deps: SubscriptionReader, userId: string): Promise<void> {
  if (!(await hasLiveSubscription(deps, userId))) {
    throw new HttpError(402, SUBSCRIPTION_REQUIRED.code, SUBSCRIPTION_REQUIRED.message);
  }
}
