import { referralCreditCents } from '@shared/referrals';
import type { ReferralRepository } from '../../data/referrals';
import type { SubscriptionRepository } from '../../data/subscriptions';
import type { Logger } from '../../logging/logger';

/**
 * The payments webhook's `onTrialCompleted` hook: a referee whose trial ended in a paid subscription moves
 * their referral to complete, crediting the referrer one month of the referee's plan (shared/referrals.ts).
 * Users who did not come through a referral, and repeats, change nothing.
 */
export const referralTrialCompletion =
  (deps: { referrals: ReferralRepository; subscriptions: SubscriptionRepository; logger: Logger }) =>
  async (userId: string) => {
    const subscription = await deps.subscriptions.getSubscription(userId);
    const referral = await deps.referrals.completeTrial(userId, referralCreditCents(subscription.plan_id));
    if (referral) {
      deps.logger.info('referral_completed', {
        referral_id: referral.referral_id,
        referee_id: userId,
        credit_amount: referral.credit_amount,
      });
    }
  };
