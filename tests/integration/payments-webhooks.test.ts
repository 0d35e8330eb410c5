import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import type { PaymentEvent } from '../../backend/src/providers/payments/port';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import { signWebhookPayload } from '../../backend/src/providers/payments/webhook-signature';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../backend/src/platform/config/env';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const APP_ORIGIN = 'http://localhost:5173';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('POST /webhooks/stripe', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const payments = deps.providers.payments;
  if (!isLocalPaymentsProvider(payments)) throw new Error('expected the local payments provider');
  const owner = await createConfirmedUser(services, 'webhooks');
  const trialCompletions: string[] = [];
  deps.onTrialCompleted = async (userId) => {
    trialCompletions.push(userId);
  };

  const deliver = async (
    event: PaymentEvent,
    secret = LOCAL_STRIPE_WEBHOOK_SECRET,
    body = JSON.stringify(event),
  ) =>
    app.request('/webhooks/stripe', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': await signWebhookPayload(
          JSON.stringify(event),
          secret,
          Math.floor(Date.now() / 1000),
        ),
      },
      body,
    });
  const stored = async () =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: keys.subscription(owner.sub) }))).Item;

  // The owner subscribes through the local provider; its events are delivered signed, as the Pay page does.
  const checkout = (await (
    await app.request('/oauth/subscription/checkout', {
      method: 'POST',
      headers: bearer(owner.tokens.IdToken),
      body: JSON.stringify({
        price_id: 'price_essential_monthly',
        success_url: `${APP_ORIGIN}/setup?payment=success`,
        cancel_url: `${APP_ORIGIN}/plans?payment=cancelled`,
      }),
    })
  ).json()) as { session_id: string };
  const { session, events: checkoutEvents } = await payments.completeCheckout(checkout.session_id);
  const subscriptionId = session.subscription!;
  for (const event of checkoutEvents) await deliver(event);

  it('refuses a bad signature, a missing one and a changed body with 400, and changes nothing', async () => {
    const before = await stored();
    const forged: PaymentEvent = {
      id: 'evt_forged',
      type: 'customer.subscription.deleted',
      created: 1,
      data: { object: { id: subscriptionId, object: 'subscription' } },
    };
    const wrongSecret = await deliver(forged, 'whsec_someone_else');
    expect(wrongSecret.status).toBe(400);
    expect((await wrongSecret.json()).error).toBe('bad_request');

    const tampered = await deliver(
      forged,
      LOCAL_STRIPE_WEBHOOK_SECRET,
      JSON.stringify({ ...forged, id: 'evt_x' }),
    );
    expect(tampered.status).toBe(400);

    const unsigned = await app.request('/webhooks/stripe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(unsigned.status).toBe(400);
    expect(await stored()).toEqual(before);
    expect(
      (
        await doc.send(
          new GetCommand({ TableName: tableName, Key: keys.webhookEvent('stripe', 'evt_forged') }),
        )
      ).Item,
    ).toBeUndefined();
  });

  it('refuses signed events older or newer than 5 minutes with 400 and accepts a fresh one (replay window)', async () => {
    const before = await stored();
    const [event] = await payments.subscriptionEvents(subscriptionId);
    const replay = { ...event!, id: 'evt_replay_window' };
    const payload = JSON.stringify(replay);
    const signedAt = async (offsetSeconds: number) =>
      app.request('/webhooks/stripe', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': await signWebhookPayload(
            payload,
            LOCAL_STRIPE_WEBHOOK_SECRET,
            Math.floor(Date.now() / 1000) + offsetSeconds,
          ),
        },
        body: payload,
      });
    for (const offset of [-301, -3600, -30 * 86_400, 301, 3600]) {
      const refused = await signedAt(offset);
      expect(refused.status, `signed ${offset} s from now`).toBe(400);
      expect((await refused.json()).error).toBe('bad_request');
    }
    expect(
      (
        await doc.send(
          new GetCommand({ TableName: tableName, Key: keys.webhookEvent('stripe', 'evt_replay_window') }),
        )
      ).Item,
    ).toBeUndefined();
    expect(await stored()).toEqual(before);
    const fresh = await signedAt(-5);
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual({ received: true, duplicate: false });
  });

  it('the checkout events were delivered: the owner is trialing', async () => {
    expect(await stored()).toMatchObject({ status: 'trialing', stripe_subscription_id: subscriptionId });
  });

  it('a repeated delivery of the same event has one effect', async () => {
    const [trialEnded] = await payments.advanceClock(subscriptionId, 'end_trial');
    expect(trialCompletions).toEqual([]);
    const first = await deliver(trialEnded!);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect(trialCompletions).toEqual([owner.sub]);
    for (let i = 0; i < 3; i += 1) {
      const again = await deliver(trialEnded!);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
    }
    expect(trialCompletions).toEqual([owner.sub]);
    expect((await stored())?.status).toBe('active');
  });

  it("every order of a subscription's events ends in the same state: the provider's current one", async () => {
    await payments.advanceClock(subscriptionId, 'fail_payment');
    await payments.advanceClock(subscriptionId, 'renew');
    await payments.changePlan(subscriptionId, 'price_pro_yearly');
    const events = await payments.subscriptionEvents(subscriptionId);
    const byType = (type: string, status?: string) =>
      events.find(
        (e) => e.type === type && (!status || (e.data.object as { status?: string }).status === status),
      )!;
    // Snapshots inside these events say trialing, past_due, active: only the current state may win.
    const chosen = [
      byType('customer.subscription.created'),
      byType('checkout.session.completed'),
      byType('invoice.payment_failed'),
      byType('customer.subscription.updated', 'past_due'),
    ];
    expect(chosen.map((e) => (e.data.object as { status?: string }).status)).toEqual([
      'trialing',
      'complete',
      'open',
      'past_due',
    ]);
    const finals = new Set<string>();
    let run = 0;
    for (const order of permutations(chosen)) {
      run += 1;
      await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.subscription(owner.sub) }));
      for (const event of order) {
        const response = await deliver({ ...event, id: `${event.id}_order${run}` });
        expect(response.status).toBe(200);
      }
      const item = await stored();
      finals.add(JSON.stringify([item?.status, item?.price_id, item?.plan_id, item?.current_period_end]));
    }
    expect(run).toBe(24);
    expect([...finals]).toHaveLength(1);
    const current = await payments.retrieveSubscription(subscriptionId);
    expect(JSON.parse([...finals][0]!)).toEqual([
      'active',
      'price_pro_yearly',
      'Pro',
      new Date(current!.currentPeriodEnd! * 1000).toISOString(),
    ]);
  });

  it('a late event about an older, canceled subscription does not replace a newer active one', async () => {
    const oldEvents = await payments.cancel(subscriptionId);
    // The owner subscribes again (a new subscription), then the old cancellation arrives late.
    await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.subscription(owner.sub) }));
    const checkoutAgain = (await (
      await app.request('/oauth/subscription/checkout', {
        method: 'POST',
        headers: bearer(owner.tokens.IdToken),
        body: JSON.stringify({
          price_id: 'price_pro_monthly',
          success_url: `${APP_ORIGIN}/setup?payment=success&again=1`,
          cancel_url: `${APP_ORIGIN}/plans?payment=cancelled`,
        }),
      })
    ).json()) as { session_id: string };
    const { events } = await payments.completeCheckout(checkoutAgain.session_id);
    for (const event of events) await deliver(event);
    // The customer has had a trial, so the new subscription is active (paid) from the start.
    expect(await stored()).toMatchObject({ status: 'active', price_id: 'price_pro_monthly' });
    await deliver(oldEvents[0]!);
    expect(await stored()).toMatchObject({ status: 'active', price_id: 'price_pro_monthly' });
  });

  it('a handling failure (provider unreachable) answers 500 and lets the retry of the same event through', async () => {
    const [event] = await payments.advanceClock((await stored())!.stripe_subscription_id as string, 'renew');
    const original = payments.retrieveSubscription;
    payments.retrieveSubscription = async () => {
      throw new Error('network down');
    };
    try {
      expect((await deliver(event!)).status).toBe(500);
    } finally {
      payments.retrieveSubscription = original;
    }
    const retry = await deliver(event!);
    expect(await retry.json()).toEqual({ received: true, duplicate: false });
    expect((await stored())?.status).toBe('active');
  });
});
