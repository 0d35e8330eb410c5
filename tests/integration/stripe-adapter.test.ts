import { afterAll, describe, expect, it } from 'vitest';
import { createStripePaymentsProvider } from '../../backend/src/providers/payments/stripe';
import { PaymentProviderError } from '../../backend/src/providers/payments/port';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server';

const SECRET_KEY = 'sk_test_fake_for_tests_only';

describe('the Stripe adapter against a fake of the Stripe API', async () => {
  const stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  afterAll(() => stripe.close());
  const essential = stripe.addPrice(
    { name: 'Essential', metadata: { ValueOrder: '1', WaitList: 'False' }, description: 'Starter' },
    { unit_amount: 9900, interval: 'month', metadata: { display_order: '1' } },
  );
  const proYearly = stripe.addPrice(
    { name: 'Pro', metadata: { ValueOrder: '2', display_order: '5' } },
    { unit_amount: 199000, interval: 'year' },
  );
  const adapter = createStripePaymentsProvider({ secretKey: SECRET_KEY, apiBase: stripe.url });

  it('lists prices with their products as plans, with metadata and display_order', async () => {
    const plans = await adapter.listPlans();
    expect(plans).toEqual([
      {
        id: 'prod_essential',
        name: 'Essential',
        price_id: essential,
        amount: 9900,
        interval: 'month',
        description: 'Starter',
        features: ['Essential feature'],
        display_order: 1,
        metadata: { ValueOrder: '1', WaitList: 'False' },
      },
      {
        id: 'prod_pro',
        name: 'Pro',
        price_id: proYearly,
        amount: 199000,
        interval: 'year',
        description: '',
        features: ['Pro feature'],
        display_order: 5,
        metadata: { ValueOrder: '2' },
      },
    ]);
    const list = stripe.requests.find((r) => r.path === '/v1/prices');
    expect(list?.params).toMatchObject({ active: 'true', expand: ['data.product'] });
  });

  it('creates a customer once per idempotency key, with the user id in metadata', async () => {
    const first = await adapter.createCustomer(
      { userId: 'user-1', email: 'a@example.com' },
      'customer-user-1',
    );
    const second = await adapter.createCustomer(
      { userId: 'user-1', email: 'a@example.com' },
      'customer-user-1',
    );
    expect(second.id).toBe(first.id);
    expect(stripe.customers.get(first.id)).toMatchObject({ metadata: { cognito_user_id: 'user-1' } });
  });

  it('creates a subscription checkout with a trial and the user id, and maps Stripe errors', async () => {
    const customer = await adapter.createCustomer({ userId: 'user-2', email: undefined }, 'customer-user-2');
    const session = await adapter.createCheckoutSession({
      customerId: customer.id,
      priceId: essential,
      userId: 'user-2',
      successUrl: 'http://localhost:5173/setup?payment=success',
      cancelUrl: 'http://localhost:5173/plans?payment=cancelled',
      trialDays: 14,
      metadata: { cognito_user_id: 'user-2' },
      idempotencyKey: 'checkout-user-2-a',
    });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.idempotencyKey).toBe('checkout-user-2-a');
    expect(sent.params).toMatchObject({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'user-2',
      line_items: [{ price: essential, quantity: '1' }],
      subscription_data: { trial_period_days: '14', metadata: { cognito_user_id: 'user-2' } },
    });

    await expect(
      adapter.createCheckoutSession({
        customerId: 'cus_missing',
        priceId: essential,
        userId: 'user-2',
        successUrl: 'http://localhost:5173/a',
        cancelUrl: 'http://localhost:5173/b',
        trialDays: 14,
        metadata: {},
        idempotencyKey: 'checkout-user-2-b',
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("lists the customer's subscriptions in every status, and omits trial_period_days when no trial is due", async () => {
    const customer = await adapter.createCustomer({ userId: 'user-5', email: undefined }, 'customer-user-5');
    stripe.addSubscription({
      customer: customer.id,
      priceId: essential,
      status: 'canceled',
      periodEnd: 1_900_000_000,
      trialEnd: 1_800_000_000,
      metadata: { cognito_user_id: 'user-5' },
    });
    const listed = await adapter.listSubscriptions(customer.id);
    expect(listed.map((s) => [s.customerId, s.status, s.trialEnd])).toEqual([
      [customer.id, 'canceled', 1_800_000_000],
    ]);
    const listCall = stripe.requests.filter((r) => r.path === '/v1/subscriptions').at(-1)!;
    expect(listCall.params).toMatchObject({ customer: customer.id, status: 'all' });

    await adapter.createCheckoutSession({
      customerId: customer.id,
      priceId: essential,
      userId: 'user-5',
      successUrl: 'http://localhost:5173/setup',
      cancelUrl: 'http://localhost:5173/plans',
      trialDays: 0,
      metadata: { cognito_user_id: 'user-5' },
      idempotencyKey: 'checkout-user-5-no-trial',
    });
    const sent = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.params.subscription_data).toEqual({ metadata: { cognito_user_id: 'user-5' } });
  });

  it('retrieves a subscription in the current API shape (period on the item), undefined when unknown', async () => {
    const customer = await adapter.createCustomer({ userId: 'user-3', email: undefined }, 'customer-user-3');
    const subscriptionId = stripe.addSubscription({
      customer: customer.id,
      priceId: proYearly,
      status: 'trialing',
      periodEnd: 1_900_000_000,
      trialEnd: 1_800_000_000,
      metadata: { cognito_user_id: 'user-3' },
    });
    expect(await adapter.retrieveSubscription(subscriptionId)).toEqual({
      id: subscriptionId,
      customerId: customer.id,
      status: 'trialing',
      priceId: proYearly,
      planName: 'Pro',
      currentPeriodEnd: 1_900_000_000,
      trialEnd: 1_800_000_000,
      cancelAtPeriodEnd: false,
      metadata: { cognito_user_id: 'user-3' },
    });
    expect(await adapter.retrieveSubscription('sub_missing')).toBeUndefined();
    const portal = await adapter.createPortalSession({
      customerId: customer.id,
      returnUrl: 'http://localhost:5173/dashboard',
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\//);

    // 'Upgrade': the session opens on confirming the new price for the subscription's item.
    await adapter.createPortalSession({
      customerId: customer.id,
      returnUrl: 'http://localhost:5173/dashboard?tab=subscription',
      updateTo: { subscriptionId, priceId: essential },
    });
    const sent = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.params.flow_data).toMatchObject({
      type: 'subscription_update_confirm',
      subscription_update_confirm: {
        subscription: subscriptionId,
        items: [{ id: expect.stringMatching(/^si_fake/), price: essential, quantity: '1' }],
      },
      after_completion: {
        type: 'redirect',
        redirect: { return_url: 'http://localhost:5173/dashboard?tab=subscription' },
      },
    });
  });

  it('refuses a wrong secret key as the provider being unavailable (no vendor text leaks)', async () => {
    const wrong = createStripePaymentsProvider({ secretKey: 'sk_test_wrong', apiBase: stripe.url });
    await expect(wrong.listPlans()).rejects.toMatchObject({ kind: 'provider_unavailable' });
  });

  it('the app uses the real adapter when STRIPE_SECRET_KEY is set: a double submit makes one customer', async () => {
    const { app, services } = await createTestApp({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_API_BASE: stripe.url,
    });
    const owner = await createConfirmedUser(services, 'stripe-owner');
    const before = stripe.customers.size;
    const body = JSON.stringify({
      price_id: essential,
      success_url: 'http://localhost:5173/setup?payment=success',
      cancel_url: 'http://localhost:5173/plans?payment=cancelled',
    });
    const responses = await Promise.all(
      [1, 2].map(() =>
        app.request('/oauth/subscription/checkout', {
          method: 'POST',
          headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
          body,
        }),
      ),
    );
    const urls = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { checkout_url: string }).checkout_url),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(urls[0]).toBe(urls[1]);
    expect(stripe.customers.size).toBe(before + 1);
    // The local pages are not mounted when the real provider is used.
    expect((await app.request('/local/payments/checkout/cs_x')).status).toBe(404);
  });
});
