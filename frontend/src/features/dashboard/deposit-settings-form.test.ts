import { describe, expect, it } from 'vitest';
import { draftOf } from './deposit-settings-form';
import { validateDepositDraft } from './deposit-settings-validation';

describe('the Get paid deposit form', () => {
  const fixed = draftOf({ mode: 'fixed', amount_cents: 2500, refund_window_hours: 24 });

  it('shows stored settings in dollars and reads them back in cents', () => {
    expect(fixed).toMatchObject({ mode: 'fixed', amount: '25', refundHours: '24' });
    expect(validateDepositDraft({ ...fixed, amount: '$30.50' })).toEqual({
      ok: true,
      value: { mode: 'fixed', amount_cents: 3050, refund_window_hours: 24 },
    });
    expect(
      validateDepositDraft({ ...fixed, mode: 'percent', percent: '20', price: '150', refundHours: '48' }),
    ).toEqual({
      ok: true,
      value: { mode: 'percent', percent: 20, price_cents: 15000, refund_window_hours: 48 },
    });
  });

  it('refuses a deposit of zero, over the limit, or not a number, with the field named', () => {
    expect(validateDepositDraft({ ...fixed, amount: '0' })).toEqual({
      ok: false,
      errors: { amount: 'The deposit must be at least $1' },
    });
    expect(validateDepositDraft({ ...fixed, amount: '501' })).toEqual({
      ok: false,
      errors: { amount: 'The deposit must be at most $500' },
    });
    expect(validateDepositDraft({ ...fixed, amount: 'ten' })).toMatchObject({
      ok: false,
      errors: { amount: expect.any(String) },
    });
    expect(validateDepositDraft({ ...fixed, refundHours: '-1' })).toEqual({
      ok: false,
      errors: { refundHours: 'Enter whole hours between 0 and 720' },
    });
    // 100% of $900 is $900: over the deposit limit, reported on the percentage.
    expect(validateDepositDraft({ ...fixed, mode: 'percent', percent: '100', price: '900' })).toEqual({
      ok: false,
      errors: { percent: 'The deposit comes to $900; it must be between $1 and $500' },
    });
  });
});
