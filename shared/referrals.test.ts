import { describe, expect, it } from 'vitest';
import {
  canEmailOrCancel,
  conversionRate,
  formatCredits,
  isAddDisabled,
  REFERRAL_MESSAGES,
  REFERRAL_PROGRESS,
  referralCreditCents,
  referralLink,
  referralRefusal,
  totalCredits,
  visibleReferrals,
} from './referrals';
import type { ReferralStatus } from './schemas/referral';
import { createReferralRequestSchema, trackSignupRequestSchema } from './schemas/referral';

const r = (status: ReferralStatus, referee_email = 'x@example.com', credit_amount = 0) => ({
  status,
  referee_email,
  credit_amount,
});

describe('referral rules (spec §4, §5, §9)', () => {
  it('gives each status its progress and lets only no_response be e-mailed or cancelled', () => {
    expect(REFERRAL_PROGRESS).toEqual({ no_response: 25, trial: 75, complete: 100, cancelled: 0 });
    expect(canEmailOrCancel('no_response')).toBe(true);
    expect(canEmailOrCancel('trial')).toBe(false);
    expect(canEmailOrCancel('complete')).toBe(false);
    expect(canEmailOrCancel('cancelled')).toBe(false);
  });

  it('disables Add while saving, for an empty or blank e-mail, and at 3 pending', () => {
    const two = [r('no_response'), r('no_response'), r('trial')];
    const three = [...two, r('no_response')];
    expect(isAddDisabled('a@example.com', false, two)).toBe(false);
    expect(isAddDisabled('a@example.com', true, two)).toBe(true);
    expect(isAddDisabled('   ', false, two)).toBe(true);
    expect(isAddDisabled('a@example.com', false, three)).toBe(true);
    // Cancelled and trial referrals do not count against the limit.
    expect(isAddDisabled('a@example.com', false, [...two, r('cancelled'), r('complete')])).toBe(false);
    expect(REFERRAL_MESSAGES.maxPendingHint).toBe(
      'Maximum 3 referrals. Cancel "No Response" referrals to add more.',
    );
  });

  it('refuses the referrer’s own address, a duplicate (case and spaces aside) and a fourth pending', () => {
    const existing = [r('no_response', 'Ann@Example.com'), r('cancelled', 'bob@example.com')];
    expect(referralRefusal(' OWNER@example.com ', 'owner@example.com', existing)).toBe('selfReferral');
    expect(referralRefusal('ann@example.com ', 'owner@example.com', existing)).toBe('duplicate');
    // A cancelled referral frees its address.
    expect(referralRefusal('bob@example.com', 'owner@example.com', existing)).toBeUndefined();
    const full = [r('no_response', 'a@x.io'), r('no_response', 'b@x.io'), r('no_response', 'c@x.io')];
    expect(referralRefusal('d@x.io', 'owner@example.com', full)).toBe('maxPending');
  });

  it('hides cancelled referrals only while asked to', () => {
    const list = [r('no_response'), r('cancelled'), r('complete')];
    expect(visibleReferrals(list, true).map((x) => x.status)).toEqual(['no_response', 'complete']);
    expect(visibleReferrals(list, false)).toHaveLength(3);
  });

  it('computes the conversion rate as completed / total and the credits in dollars', () => {
    expect(conversionRate([])).toBe(0);
    expect(conversionRate([r('complete'), r('trial'), r('no_response'), r('cancelled')])).toBe(25);
    expect(conversionRate([r('complete'), r('complete'), r('trial')])).toBe(67);
    const list = [r('complete', 'a@x.io', 9900), r('complete', 'b@x.io', 19900), r('trial', 'c@x.io', 500)];
    expect(totalCredits(list)).toBe(29800);
    expect(formatCredits(29800)).toBe('$298.00');
    expect(formatCredits(0)).toBe('$0.00');
  });

  it('values the credit at one month of the friend’s plan, else the entry plan', () => {
    expect(referralCreditCents('Essential')).toBe(9900);
    expect(referralCreditCents('pro')).toBe(19900);
    expect(referralCreditCents('Enterprise')).toBe(39900);
    expect(referralCreditCents(null)).toBe(9900);
    expect(referralCreditCents('Something else')).toBe(9900);
  });

  it('builds the sign-up link and validates inputs', () => {
    expect(referralLink('http://localhost:5173/', 'AB12CD34')).toBe(
      'http://localhost:5173/signup?ref=AB12CD34',
    );
    expect(createReferralRequestSchema.parse({ referee_email: '  friend@example.com ' })).toEqual({
      referee_email: 'friend@example.com',
    });
    expect(createReferralRequestSchema.safeParse({ referee_email: '   ' }).success).toBe(false);
    expect(createReferralRequestSchema.safeParse({ referee_email: 'not-an-email' }).success).toBe(false);
    expect(trackSignupRequestSchema.safeParse({ referral_code: 'AB-12', user_id: 'u' }).success).toBe(false);
  });
});
