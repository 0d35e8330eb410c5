import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_REFUSALS, PAYMENT_FAILED } from '../../shared/plans';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import type { PaymentEvent } from '../../backend/src/providers/payments/port';
import { signedStripeWebhook } from '../support/stripe-webhooks';
import { USER_QUOTAS } from '../../backend/src/platform/quotas/user-quotas';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const APP_ORIGIN = 'http://localhost:5173';
const PAYABLE_PRICES = [
  'price_essential_monthly',
  'price_pro_monthly',
  'price_essential_yearly',
  'price_pro_yearly',
];

/** Issue 10 §2 and §8: one subscription and one trial per customer, one checkout at a time, ceilings. */
describe('billing: one subscription and one trial per customer, across tabs and races', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const payments = deps.providers.payments;
  if (!isLocalPaymentsProvider(payments)) throw new Error('expected the local payments provider');

  const owner = async (label: string) => {
    const user = await createConfirmedUser(services, label);
    const headers = { Authorization: `Bearer ${user.tokens.IdToken}`, 'Content-Type': 'application/json' };
    const checkout = (priceId: string, tab = 'one') =>
      app.request('/oauth/subscription/checkout', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          price_id: priceId,
          success_url: `${APP_ORIGIN}/setup?payment=success&tab=${tab}`,
          cancel_url: `${APP_ORIGIN}/plans?payment=cancelled`,
        }),
      });
    const portal = () =>
      app.request('/oauth/subscription/portal', {
        method: 'POST',
        headers,
        body: JSON.stringify({ return_url: `${APP_ORIGIN}/dashboard` }),
      });
    const status = async () =>
      (await (await app.request('/oauth/subscription/status', { headers })).json()) as {
        status: string;
        trial_end: string | null;
        trial_used: boolean;
      };
    const customerId = async () =>
      (await doc.send(new GetCommand({ TableName: tableName, Key: keys.billingCustomer(user.sub) }))).Item
        ?.customer_id as string;
    return { ...user, checkout, portal, status, customerId };
  };
  /** The local checkout page's Pay button: completes the session and delivers its signed webhooks. */
  const pay = (checkoutUrl: string) =>
    app.request(`${new URL(checkoutUrl).pathname}/pay`, { method: 'POST' });
  const deliver = async (events: PaymentEvent[]) => {
    for (const event of events) {
      const response = await app.request('/webhooks/stripe', await signedStripeWebhook(event));
      expect(response.status).toBe(200);
    }
  };

  it('a checkout in a second tab expires the first: only the newest session can be paid', async () => {
    const user = await owner('two-tabs');
    const first = (await (await user.checkout('price_essential_monthly', 'a')).json()) as {
      checkout_url: string;
    };
    const second = (await (await user.checkout('price_pro_monthly', 'b')).json()) as { checkout_url: string };
    expect(first.checkout_url).not.toBe(second.checkout_url);

    const stale = await pay(first.checkout_url);
    expect(stale.status).toBe(410);
    expect((await app.request(new URL(first.checkout_url).pathname)).status).toBe(410);
    expect((await user.status()).status).toBe('none');

    expect((await pay(second.checkout_url)).status).toBe(303);
    expect((await user.status()).status).toBe('trialing');
    expect(await payments.customerSubscriptions(await user.customerId())).toHaveLength(1);

    const third = await user.checkout('price_essential_yearly', 'c');
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({
      error: CHECKOUT_REFUSALS.alreadySubscribed.code,
      message: CHECKOUT_REFUSALS.alreadySubscribed.message,
    });
  });

  it('10 parallel checkouts for different plans leave at most one payable session: one subscription', async () => {
    const user = await owner('checkout-race');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        user.checkout(PAYABLE_PRICES[i % PAYABLE_PRICES.length]!, `t${i}`),
      ),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<{
      checkout_url?: string;
      error?: string;
    }>;
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    for (const [i, body] of bodies.entries()) {
      if (responses[i]!.status === 409) expect(body.error).toBe(CHECKOUT_REFUSALS.inProgress.code);
    }
    const urls = [...new Set(bodies.flatMap((b) => (b.checkout_url ? [b.checkout_url] : [])))];
    expect(urls.length).toBeGreaterThan(0);

    const paid = await Promise.all(urls.map((url) => pay(url)));
    expect(paid.filter((r) => r.status === 303)).toHaveLength(1);
    expect(await payments.customerSubscriptions(await user.customerId())).toHaveLength(1);
    expect((await user.status()).status).toBe('trialing');
  });

  it('a customer who has had a trial gets none the second time: no trial offered, active and paid at once', async () => {
    const user = await owner('second-trial');
    expect((await user.status()).trial_used).toBe(false);
    const first = (await (await user.checkout('price_essential_monthly')).json()) as { checkout_url: string };
    expect(await (await app.request(new URL(first.checkout_url).pathname)).text()).toContain(
      '14-day free trial',
    );
    await pay(first.checkout_url);
    const [held] = await payments.customerSubscriptions(await user.customerId());
    await deliver(await payments.cancel(held!.id));
    expect(await user.status()).toMatchObject({ status: 'canceled', trial_used: true });

    const again = await user.checkout('price_pro_monthly', 'again');
    expect(again.status).toBe(200);
    const { checkout_url: url, session_id: sessionId } = (await again.json()) as {
      checkout_url: string;
      session_id: string;
    };
    expect((await payments.getCheckoutSession(sessionId))?.trial_period_days).toBe(0);
    const page = await (await app.request(new URL(url).pathname)).text();
    expect(page).not.toContain('day free trial');
    expect(page).toContain('No free trial');
    await pay(url);
    expect(await user.status()).toMatchObject({ status: 'active', trial_end: null });
  });

  it('after a failed payment, checkout answers "Payment failed — update your card" and the portal fixes it', async () => {
    const user = await owner('past-due');
    const { checkout_url: url } = (await (await user.checkout('price_essential_monthly')).json()) as {
      checkout_url: string;
    };
    await pay(url);
    const [subscription] = await payments.customerSubscriptions(await user.customerId());
    await deliver(await payments.advanceClock(subscription!.id, 'fail_payment'));
    expect((await user.status()).status).toBe('past_due');

    const refused = await user.checkout('price_pro_monthly', 'fresh');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'payment_failed', message: PAYMENT_FAILED.title });
    expect(await payments.customerSubscriptions(await user.customerId())).toHaveLength(1);

    const portal = await user.portal();
    expect(portal.status).toBe(200);
    const portalPath = new URL(((await portal.json()) as { portal_url: string }).portal_url).pathname;
    const portalPage = await (await app.request(portalPath)).text();
    expect(portalPage).toContain('Update card and pay now');
    const updated = await app.request(`${portalPath}/subscriptions/${subscription!.id}/clock`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'renew' }),
    });
    expect(updated.status).toBe(303);
    expect((await user.status()).status).toBe('active');
  });

  it('a second live subscription reaching the webhook is cancelled at the provider; the first is kept', async () => {
    const user = await owner('duplicate');
    await (await user.checkout('price_essential_monthly')).json();
    const customerId = await user.customerId();
    // Two sessions paid behind the API's back (as two Stripe sessions paid in the same second would be).
    const sessions = await Promise.all(
      ['dup-a', 'dup-b'].map((key, i) =>
        payments.createCheckoutSession({
          customerId,
          priceId: PAYABLE_PRICES[i]!,
          userId: user.sub,
          successUrl: `${APP_ORIGIN}/setup`,
          cancelUrl: `${APP_ORIGIN}/plans`,
          trialDays: 14,
          metadata: { cognito_user_id: user.sub },
          idempotencyKey: `${key}-${user.sub}`,
        }),
      ),
    );
    for (const session of sessions) await deliver((await payments.completeCheckout(session.id)).events);
    const subscriptions = await payments.customerSubscriptions(customerId);
    expect(subscriptions.map((s) => s.status).sort()).toEqual(['canceled', 'trialing']);
    const kept = subscriptions.find((s) => s.status === 'trialing')!;
    expect((await user.status()).status).toBe('trialing');
    expect(
      (await doc.send(new GetCommand({ TableName: tableName, Key: keys.subscription(user.sub) }))).Item
        ?.stripe_subscription_id,
    ).toBe(kept.id);
  });

  it('a checkout that lost its lease while the provider was slow expires its session and answers 409', async () => {
    const user = await owner('slow-provider');
    const original = payments.createCheckoutSession;
    let openedId = '';
    payments.createCheckoutSession = async (input) => {
      const session = await original(input);
      openedId = session.id;
      // Meanwhile this request's lease ran out and another tab's checkout took the lock.
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.checkoutLock(user.sub),
          UpdateExpression: 'SET lease_until = :zero',
          ExpressionAttributeValues: { ':zero': 0 },
        }),
      );
      expect(await deps.data.subscriptions.claimCheckoutLock(user.sub, 'another-tab', 30)).toBeDefined();
      return session;
    };
    try {
      const response = await user.checkout('price_pro_monthly', 'slow');
      expect(response.status).toBe(409);
      expect((await response.json()).error).toBe(CHECKOUT_REFUSALS.inProgress.code);
    } finally {
      payments.createCheckoutSession = original;
    }
    expect((await payments.getCheckoutSession(openedId))?.status).toBe('expired');
  });

  it('checkout and portal sessions have per-owner hourly ceilings (429)', async () => {
    const user = await owner('ceilings');
    const firstCheckout = await user.checkout('price_essential_monthly');
    expect(firstCheckout.status).toBe(200);
    for (let i = 1; i < USER_QUOTAS.checkoutSessions.limit; i += 1) {
      await deps.rateLimiter.hit(
        `checkoutSessions#${user.sub}`,
        USER_QUOTAS.checkoutSessions.limit,
        USER_QUOTAS.checkoutSessions.windowSeconds,
      );
    }
    const tooMany = await user.checkout('price_pro_monthly', 'over');
    expect(tooMany.status).toBe(429);
    expect((await tooMany.json()).error).toBe('too_many_requests');

    const portals = [];
    for (let i = 0; i <= USER_QUOTAS.portalSessions.limit; i += 1) portals.push((await user.portal()).status);
    expect(portals.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(portals.at(-1)).toBe(429);
  });
});
