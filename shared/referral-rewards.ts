import { BRAND } from './brand';
import { PLAN_CATALOGUE } from './plans';
import { formatCredits, referralCreditCents } from './referrals';
import type { Referral, ReferralCreditStatus } from './schemas/referral';

/**
 * Where a referrer's month free is (decision 164):
 * - none: the friend has not completed the trial yet;
 * - waiting: earned, but the referrer has no live subscription to credit (applied when they next pay);
 * - on_balance: credited to the referrer's customer balance at the payment provider; the next invoice uses it;
 * - applied: an invoice used it (credit_invoice_id names the invoice);
 * - reversed: the friend's payment was refunded before the credit was used;
 * - ineligible: the friend's e-mail had already earned a reward (a second trial is not a new friend).
 */
/** What a referral row says about its credit (the Referrals tab). */
export const REFERRAL_CREDIT_LABELS: Record<ReferralCreditStatus, string> = {
  none: '',
  waiting: 'Waits for your next payment',
  on_balance: 'Comes off your next invoice',
  applied: 'Applied to invoice',
  reversed: 'Reversed: the payment was refunded',
  ineligible: 'No credit: this e-mail already had a trial',
};

/** The three totals the Referrals tab shows, in cents. */
export type ReferralCreditSummary = { earned: number; applied: number; waiting: number };

/**
 * Earned = every credit still standing (reversed and ineligible ones are not); applied = those an invoice
 * used; waiting = the rest (not yet on an invoice, whether or not already on the balance).
 */
export function referralCreditSummary(
  referrals: ReadonlyArray<Pick<Referral, 'credit_amount' | 'credit_status'>>,
): ReferralCreditSummary {
  const sum = (statuses: readonly ReferralCreditStatus[]) =>
    referrals
      .filter((r) => statuses.includes(r.credit_status))
      .reduce((total, r) => total + r.credit_amount, 0);
  return {
    earned: sum(['waiting', 'on_balance', 'applied']),
    applied: sum(['applied']),
    waiting: sum(['waiting', 'on_balance']),
  };
}

/**
 * The referrer's month free is one month of the referrer's own plan (decision 164), valued when it goes on
 * their balance; while it waits (no plan yet) it shows the friend's plan's month, as before.
 */
export const referrerMonthCents = (referrerPlanName: string | null | undefined) =>
  referralCreditCents(referrerPlanName);

/** Idempotency keys derived from the referral: retries and replays credit, and reverse, once. */
export const referralCreditKey = (referralId: string) => `referral-credit-${referralId}`;
export const referralReversalKey = (referralId: string) => `referral-reversal-${referralId}`;

/** The coupon that makes a referred friend's first paid month free (decision 164). */
export type FriendCoupon = {
  id: string;
  name: string;
  /** Exactly one of the two: 100 % of a monthly plan's month, or one month's worth off an annual plan. */
  percentOff?: number;
  amountOffCents?: number;
  /**
   * Stripe's 'repeating' for one month from checkout: with the 14-day trial, the discount is still running
   * when the first paid invoice is made, and has ended before the second.
   */
  durationInMonths: 1;
};

export const FRIEND_COUPON_NAME = 'Referral: your first month free';

/** The friend's coupon for the plan they check out: 100 % off a month, or a month's worth off a year. */
export function friendCouponFor(plan: { name: string; interval: string; amount: number }): FriendCoupon {
  if (plan.interval !== 'year') {
    return {
      id: 'ringly-referral-month-free',
      name: FRIEND_COUPON_NAME,
      percentOff: 100,
      durationInMonths: 1,
    };
  }
  const entry = PLAN_CATALOGUE.find((p) => p.name.toLowerCase() === plan.name.toLowerCase());
  const monthOfYear = Math.round((entry?.yearlyAmount ?? plan.amount) / 12);
  return {
    id: `ringly-referral-month-free-${monthOfYear}`,
    name: FRIEND_COUPON_NAME,
    amountOffCents: monthOfYear,
    durationInMonths: 1,
  };
}

/** The discount a coupon gives on an amount (cents), never more than the amount. */
export const couponDiscountCents = (
  coupon: Pick<FriendCoupon, 'percentOff' | 'amountOffCents'>,
  amount: number,
) =>
  Math.min(
    amount,
    coupon.percentOff !== undefined
      ? Math.round((amount * coupon.percentOff) / 100)
      : (coupon.amountOffCents ?? 0),
  );

export const REFERRAL_CREDIT_EMAIL_KIND = 'referral-credit';

/** The e-mail to the referrer when their month free goes on their account. */
export function referralCreditEmail(input: {
  to: string;
  friendEmail: string;
  amountCents: number;
  dashboardUrl: string;
}) {
  const amount = formatCredits(input.amountCents);
  return {
    to: input.to,
    kind: REFERRAL_CREDIT_EMAIL_KIND,
    subject: `Your month free was applied: ${amount} off your next ${BRAND.name} invoice`,
    text: [
      `Hello,`,
      ``,
      `A friend you referred (${input.friendEmail}) completed their ${BRAND.name} trial. Thank you!`,
      ``,
      `Your month free was applied: a credit of ${amount} is on your account and comes off your next invoice.`,
      `Credits only reduce invoices; they are never paid out.`,
      ``,
      `See your credits: ${input.dashboardUrl}`,
      ``,
      `— The ${BRAND.name} team (${BRAND.supportEmail})`,
    ].join('\n'),
  };
}
