import { describe, expect, it } from 'vitest';
import { billingStanding } from './billing-standing';

describe('billingStanding', () => {
  it('a new customer may start a checkout with a trial', () => {
    expect(billingStanding([])).toEqual({ live: false, paymentFailed: false, hadTrial: false });
  });

  it('a trialing or active subscription is live; a canceled trial still counts as a trial had', () => {
    expect(billingStanding([{ status: 'trialing', trialEnd: 1 }])).toMatchObject({
      live: true,
      hadTrial: true,
    });
    expect(billingStanding([{ status: 'active', trialEnd: null }])).toMatchObject({
      live: true,
      hadTrial: false,
    });
    expect(billingStanding([{ status: 'canceled', trialEnd: 1 }])).toEqual({
      live: false,
      paymentFailed: false,
      hadTrial: true,
    });
  });

  it('past_due and unpaid are payment failures, not live', () => {
    for (const status of ['past_due', 'unpaid'] as const) {
      expect(billingStanding([{ status, trialEnd: null }])).toEqual({
        live: false,
        paymentFailed: true,
        hadTrial: false,
      });
    }
  });
});
