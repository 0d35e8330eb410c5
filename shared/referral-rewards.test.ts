import { describe, expect, it } from 'vitest';
import {
  couponDiscountCents,
  friendCouponFor,
  referralCreditEmail,
  referralCreditSummary,
} from './referral-rewards';

describe('referral credit summary', () => {
  it('earned counts standing credits; applied those an invoice used; waiting the rest', () => {
    expect(
      referralCreditSummary([
        { credit_amount: 9900, credit_status: 'applied' },
        { credit_amount: 19900, credit_status: 'on_balance' },
        { credit_amount: 9900, credit_status: 'waiting' },
        { credit_amount: 9900, credit_status: 'reversed' },
        { credit_amount: 0, credit_status: 'ineligible' },
        { credit_amount: 0, credit_status: 'none' },
      ]),
    ).toEqual({ earned: 39700, applied: 9900, waiting: 29800 });
    expect(referralCreditSummary([])).toEqual({ earned: 0, applied: 0, waiting: 0 });
  });
});

describe("the friend's coupon", () => {
  it('is 100 % off a monthly plan’s first paid month, and one month’s worth off an annual plan', () => {
    const monthly = friendCouponFor({ name: 'Pro', interval: 'month', amount: 19900 });
    expect(monthly).toMatchObject({ percentOff: 100, durationInMonths: 1 });
    expect(couponDiscountCents(monthly, 19900)).toBe(19900);
    const yearly = friendCouponFor({ name: 'Pro', interval: 'year', amount: 199000 });
    expect(yearly).toMatchObject({ amountOffCents: 16583, durationInMonths: 1 });
    expect(yearly.percentOff).toBeUndefined();
    expect(couponDiscountCents(yearly, 199000)).toBe(16583);
    // Never more than the invoice.
    expect(couponDiscountCents({ amountOffCents: 500 }, 300)).toBe(300);
  });
});

describe('the credit e-mail', () => {
  it('says the month free was applied, how much, and that it is never paid out', () => {
    const email = referralCreditEmail({
      to: 'owner@example.com',
      friendEmail: 'friend@example.com',
      amountCents: 9900,
      dashboardUrl: 'http://localhost:5173/dashboard?tab=referrals',
    });
    expect(email.subject).toContain('$99.00');
    expect(email.text).toContain('Your month free was applied: a credit of $99.00');
    expect(email.text).toContain('never paid out');
    expect(email.text).toContain('http://localhost:5173/dashboard?tab=referrals');
  });
});
