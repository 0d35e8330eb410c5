import { isPaymentFailed, isSubscribed } from '@shared/plans';
import type { ProviderSubscription } from '../../providers/payments/port';

/** What the provider's list of a customer's subscriptions says about a new checkout. */
export type BillingStanding = {
  /** An active or trialing subscription exists: a new checkout would make a second one. */
  live: boolean;
  /** A renewal failed (past_due, unpaid): the way forward is a new card in the billing portal. */
  paymentFailed: boolean;
  /** The customer has had a trial (any subscription with a trial end, whatever its status now). */
  hadTrial: boolean;
};

/** Pure: one customer's subscriptions in every status → whether checkout may start, and with a trial. */
export function billingStanding(
  subscriptions: ReadonlyArray<Pick<ProviderSubscription, 'status' | 'trialEnd'>>,
): BillingStanding {
  return {
    live: subscriptions.some((s) => isSubscribed(s.status)),
    paymentFailed: subscriptions.some((s) => isPaymentFailed(s.status)),
    hadTrial: subscriptions.some((s) => s.trialEnd !== null),
  };
}
