import { publicAppUrl, type AppConfig } from '../../platform/config/env';
import { signInEmailOf } from '../../providers/identity/port';
import type { Providers } from '../../providers/providers';
import { isSubscribed } from '@shared/plans';
import {
  referralCreditEmail,
  referralCreditKey,
  referralReversalKey,
  referrerMonthCents,
} from '@shared/referral-rewards';
import { referralCreditCents } from '@shared/referrals';
import type { ReferralRepository } from './records/referrals';
import type { SubscriptionRepository } from '../billing/records/index';
import type { Logger } from '../../platform/logging/logger';
import type { EmailSender } from '../../providers/email/port';
import type { PaymentsProvider, ProviderSubscription } from '../../providers/payments/port';

/** What the payments webhook tells the referral rule about an invoice it saw paid. */
export type PaidInvoiceFacts = { id: string; startingBalance: number; endingBalance: number };
/** What the payments webhook tells the referral rule about a refunded charge. */
export type RefundFacts = { chargeId: string; refunded: boolean };

export type ReferralRewardHooks = {
  /** The owner's trial ended in a paid subscription (once per subscription). */
  trialCompleted: (userId: string) => Promise<void>;
  /** The owner's subscription as the provider holds it now, after it was stored. */
  subscriptionSynced: (userId: string, subscription: ProviderSubscription) => Promise<void>;
  invoicePaid: (userId: string, invoice: PaidInvoiceFacts) => Promise<void>;
  chargeRefunded: (userId: string, refund: RefundFacts) => Promise<void>;
};

export type ReferralRewardDeps = {
  referrals: ReferralRepository;
  subscriptions: SubscriptionRepository;
  payments: Pick<PaymentsProvider, 'adjustCustomerBalance' | 'customerBalance'>;
  email: EmailSender;
  /** The owner's sign-in e-mail (the user pool's), where the credit e-mail goes. */
  signInEmailOf: (ownerId: string) => Promise<string | undefined>;
  appUrl: string;
  logger: Logger;
};

/**
 * The referral rule from the signed payment events onwards (decision 164), in this order:
 * 1. A referee's trial ends in a paid subscription → their referral completes with its credit waiting
 *    (none when their e-mail earned a reward before).
 * 2. Waiting credits of a referrer who has a live subscription go onto their customer balance at the
 *    provider, one month of the referrer's own plan each, with a key derived from the referral (a retry or
 *    a replay credits once; the referral's conditional move to on_balance makes the e-mail go once).
 *    A referrer without a live subscription keeps them waiting until their next subscription syncs.
 * 3. A paid invoice of the referrer that used balance credit applies the credits oldest first.
 * 4. A fully refunded charge of the referee reverses the credit it earned, if no invoice used it yet.
 * A credit is only ever a balance the provider takes off invoices: nothing here pays money out.
 */
export function referralRewards(deps: ReferralRewardDeps): ReferralRewardHooks {
  const { referrals, subscriptions, payments, logger } = deps;

  async function creditWaiting(referrerId: string) {
    const waiting = (await referrals.credits(referrerId)).filter((r) => r.credit_status === 'waiting');
    if (waiting.length === 0) return;
    const subscription = await subscriptions.getSubscription(referrerId);
    const customerId = await subscriptions.getCustomerId(referrerId);
    if (!isSubscribed(subscription.status) || !customerId) return;
    const amount = referrerMonthCents(subscription.plan_id);
    for (const referral of waiting) {
      const transaction = await payments.adjustCustomerBalance({
        customerId,
        amountCents: -amount,
        description: 'Referral reward: one month free',
        metadata: { referral_id: referral.referral_id, kind: 'referral_credit' },
        idempotencyKey: referralCreditKey(referral.referral_id),
      });
      if (!(await referrals.grantToBalance(referrerId, referral.referral_id, amount, transaction.id)))
        continue;
      logger.info('referral_credit_applied', {
        referral_id: referral.referral_id,
        referrer_id: referrerId,
        credit_amount: amount,
      });
      await sendCreditEmail(referrerId, referral.referee_email, amount);
    }
  }

  async function sendCreditEmail(referrerId: string, friendEmail: string, amount: number) {
    try {
      const to = await deps.signInEmailOf(referrerId);
      if (!to) return;
      await deps.email.send(
        referralCreditEmail({
          to,
          friendEmail,
          amountCents: amount,
          dashboardUrl: `${deps.appUrl.replace(/\/+$/, '')}/dashboard?tab=referrals`,
        }),
      );
    } catch (error) {
      // The credit stands either way; the Referrals tab shows it.
      logger.warn('referral_credit_email_failed', { referrer_id: referrerId, error: String(error) });
    }
  }

  return {
    async trialCompleted(userId) {
      const subscription = await subscriptions.getSubscription(userId);
      const completed = await referrals.completeTrial(userId, referralCreditCents(subscription.plan_id));
      if (!completed) return;
      logger.info('referral_completed', {
        referral_id: completed.referral.referral_id,
        referee_id: userId,
        credit_status: completed.referral.credit_status,
      });
      await creditWaiting(completed.referrerId);
    },

    async subscriptionSynced(userId, subscription) {
      if (isSubscribed(subscription.status)) await creditWaiting(userId);
      // A friend who cancels during the trial: the referral can no longer complete.
      if (subscription.status === 'canceled' && (await referrals.cancelTrialOf(userId))) {
        logger.info('referral_trial_cancelled', { referee_id: userId });
      }
    },

    async invoicePaid(userId, invoice) {
      const used = invoice.endingBalance - invoice.startingBalance;
      if (invoice.startingBalance >= 0 || used <= 0) return;
      const applied = await referrals.useCredits(userId, invoice.id, used);
      for (const referral of applied) {
        logger.info('referral_credit_used', { referral_id: referral.referral_id, invoice_id: invoice.id });
      }
    },

    async chargeRefunded(userId, refund) {
      if (!refund.refunded) return; // a partial refund keeps the friend a paying customer
      const link = await referrals.ofReferee(userId);
      if (!link || link.referral.status !== 'complete') return;
      const { referrerId, referral } = link;
      const credit = (await referrals.credits(referrerId)).find(
        (r) => r.referral_id === referral.referral_id,
      );
      if (credit?.credit_status === 'waiting') {
        await referrals.reverse(referrerId, referral.referral_id, 'waiting');
      } else if (credit?.credit_status === 'on_balance') {
        const customerId = await subscriptions.getCustomerId(referrerId);
        const unused = credit.credit_amount - credit.credit_used;
        // Never more than the credit still on the balance: taking back money would be a charge, not a reversal.
        const reversible = customerId
          ? Math.min(unused, Math.max(0, -(await payments.customerBalance(customerId))))
          : 0;
        if (reversible > 0) {
          await payments.adjustCustomerBalance({
            customerId: customerId!,
            amountCents: reversible,
            description: 'Referral reward reversed: the friend’s payment was refunded',
            metadata: { referral_id: referral.referral_id, kind: 'referral_credit_reversal' },
            idempotencyKey: referralReversalKey(referral.referral_id),
          });
        }
        await referrals.reverse(referrerId, referral.referral_id, 'on_balance');
      } else {
        logger.info('referral_credit_kept', {
          referral_id: referral.referral_id,
          charge_id: refund.chargeId,
        });
        return;
      }
      logger.info('referral_credit_reversed', {
        referral_id: referral.referral_id,
        charge_id: refund.chargeId,
      });
    },
  };
}

/** The referral rule as the app runs it, built from the repositories and the providers. */
export function referralRewardsFromApp(app: {
  config: Pick<AppConfig, 'publicAppUrl'>;
  data: Pick<ReferralRewardDeps, 'referrals' | 'subscriptions'>;
  providers: Pick<Providers, 'payments' | 'email' | 'identity'>;
  logger: Logger;
}): ReferralRewardHooks {
  return referralRewards({
    referrals: app.data.referrals,
    subscriptions: app.data.subscriptions,
    payments: app.providers.payments,
    email: app.providers.email,
    signInEmailOf: signInEmailOf(app.providers.identity),
    appUrl: publicAppUrl(app.config),
    logger: app.logger,
  });
}
