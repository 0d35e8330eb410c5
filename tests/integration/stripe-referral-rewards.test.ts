import { afterAll, describe, expect, it } from 'vitest';
import { createStripePaymentsProvider } from '../../backend/src/providers/payments/stripe';
import { friendCouponFor, referralCreditKey, referralReversalKey } from '../../shared/referral-rewards';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server';

const SECRET_KEY = 'sk_test_fake_for_referral_rewards';

describe('the Stripe adapter’s referral rewards against a fake of the Stripe API (decision 164)', async () => {
  const stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  afterAll(() => stripe.close());
  const essential = stripe.addPrice(
    { name: 'Essential', metadata: { ValueOrder: '1' } },
    { unit_amount: 9900, interval: 'month' },
  );
  const adapter = createStripePaymentsProvider({ secretKey: SECRET_KEY, apiBase: stripe.url });
  const customer = async (label: string) =>
    (await adapter.createCustomer({ userId: label, email: `${label}@example.com` }, `customer-${label}`)).id;

  it('credits the customer balance once per referral key (a credit, not a payout) and reads the balance', async () => {
    const customerId = await customer('referrer');
    const credit = {
      customerId,
      amountCents: -9900,
      description: 'Referral reward: one month free',
      metadata: { referral_id: 'ref-1', kind: 'referral_credit' },
      idempotencyKey: referralCreditKey('ref-1'),
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => adapter.adjustCustomerBalance(credit)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(stripe.balanceTransactions.size).toBe(1);
    expect(await adapter.customerBalance(customerId)).toBe(-9900);
    const sent = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/customers/${customerId}/balance_transactions`,
    );
    expect(sent[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: 'referral-credit-ref-1',
      params: {
        amount: '-9900',
        currency: 'usd',
        metadata: { referral_id: 'ref-1', idempotency_key: 'referral-credit-ref-1' },
      },
    });
    // Nothing but balance transactions: no refund, payout or transfer is ever asked for.
    expect(stripe.requests.some((r) => /refunds|payouts|transfers/.test(r.path))).toBe(false);

    // Days later Stripe has forgotten the key; a replay still finds the credit by the key in its metadata.
    stripe.forgetIdempotencyKeys();
    expect((await adapter.adjustCustomerBalance(credit)).id).toBe(results[0]!.id);
    expect(await adapter.customerBalance(customerId)).toBe(-9900);

    // The reversal is its own key: once, and the balance is back to zero.
    const reversal = { ...credit, amountCents: 9900, idempotencyKey: referralReversalKey('ref-1') };
    await adapter.adjustCustomerBalance(reversal);
    await adapter.adjustCustomerBalance(reversal);
    expect(await adapter.customerBalance(customerId)).toBe(0);
  });

  it('previews the next invoice after the balance credit, and none for a canceled subscription', async () => {
    const customerId = await customer('previewer');
    const subscriptionId = stripe.addSubscription({
      customer: customerId,
      priceId: essential,
      status: 'active',
      periodEnd: 1_900_000_000,
      trialEnd: null,
      metadata: {},
    });
    expect(await adapter.previewNextInvoice(customerId, subscriptionId)).toEqual({
      subtotal: 9900,
      discount: 0,
      creditApplied: 0,
      amountDue: 9900,
      creditRemaining: 0,
      nextPaymentAt: 1_900_000_000,
    });
    await adapter.adjustCustomerBalance({
      customerId,
      amountCents: -19900,
      description: 'two credits',
      metadata: {},
      idempotencyKey: 'two-credits',
    });
    expect(await adapter.previewNextInvoice(customerId, subscriptionId)).toMatchObject({
      creditApplied: 9900,
      amountDue: 0,
      creditRemaining: 10000,
    });
    const canceled = stripe.addSubscription({
      customer: customerId,
      priceId: essential,
      status: 'canceled',
      periodEnd: 1_900_000_000,
      trialEnd: null,
      metadata: {},
    });
    expect(await adapter.previewNextInvoice(customerId, canceled)).toBeUndefined();
  });

  it('creates the friend’s 100 % one-month coupon once and applies it as the checkout’s discount', async () => {
    const coupon = friendCouponFor({ name: 'Essential', interval: 'month', amount: 9900 });
    const sessions = await Promise.all(
      ['friend-1', 'friend-2'].map(async (label) =>
        adapter.createCheckoutSession({
          customerId: await customer(label),
          priceId: essential,
          userId: label,
          successUrl: 'http://localhost:5173/setup',
          cancelUrl: 'http://localhost:5173/plans',
          trialDays: 14,
          metadata: {},
          idempotencyKey: `checkout-${label}`,
          coupon,
        }),
      ),
    );
    expect(stripe.coupons.size).toBe(1);
    expect(stripe.coupons.get(coupon.id)).toMatchObject({
      percent_off: 100,
      amount_off: null,
      duration: 'repeating',
      duration_in_months: 1,
      name: coupon.name,
    });
    for (const session of sessions) {
      expect(stripe.checkoutSessions.get(session.id)?.discounts).toEqual([{ coupon: coupon.id }]);
    }
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/coupons');
    expect(created.every((r) => r.idempotencyKey === `coupon-${coupon.id}`)).toBe(true);

    // The subscription made from it: its first invoice is $0.
    const customerId = await customer('friend-3');
    const subscriptionId = stripe.addSubscription({
      customer: customerId,
      priceId: essential,
      status: 'trialing',
      periodEnd: 1_900_000_000,
      trialEnd: 1_900_000_000,
      metadata: {},
    });
    stripe.setSubscriptionCoupon(subscriptionId, coupon.id);
    expect(await adapter.previewNextInvoice(customerId, subscriptionId)).toMatchObject({
      subtotal: 9900,
      discount: 9900,
      amountDue: 0,
    });
  });

  it('an annual plan’s coupon is one month’s worth off, in dollars and cents', async () => {
    const coupon = friendCouponFor({ name: 'Pro', interval: 'year', amount: 199000 });
    await adapter.createCheckoutSession({
      customerId: await customer('annual-friend'),
      priceId: essential,
      userId: 'annual-friend',
      successUrl: 'http://localhost:5173/setup',
      cancelUrl: 'http://localhost:5173/plans',
      trialDays: 14,
      metadata: {},
      idempotencyKey: 'checkout-annual-friend',
      coupon,
    });
    expect(stripe.coupons.get(coupon.id)).toMatchObject({
      amount_off: 16583,
      currency: 'usd',
      percent_off: null,
    });
  });
});
