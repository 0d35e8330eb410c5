import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { emailHash } from '../../backend/src/capabilities/referrals/records/referrals';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import type { PaymentEvent } from '../../backend/src/providers/payments/port';
import { signedStripeWebhook } from '../support/stripe-webhooks';
import { REFERRAL_CREDIT_EMAIL_KIND } from '../../shared/referral-rewards';
import type { Referral } from '../../shared/schemas/referral';
import type { UpcomingInvoiceResponse } from '../../shared/schemas/subscription';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { awayFromWindowEnd } from '../support/rate-window';
import { TOO_MANY_REQUESTS, USER_QUOTAS } from '../../backend/src/platform/quotas/user-quotas';

const APP_ORIGIN = 'http://localhost:5173';
const ESSENTIAL_MONTH = 9900;
const PRO_MONTH = 19900;

describe('referral rewards reach the invoice (decision 164)', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const payments = deps.providers.payments;
  if (!isLocalPaymentsProvider(payments)) throw new Error('expected the local payments provider');

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await app.request(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const deliver = async (event: PaymentEvent) => {
    const response = await app.request('/webhooks/stripe', await signedStripeWebhook(event));
    expect(response.status, event.type).toBe(200);
    return response;
  };
  const deliverAll = async (events: PaymentEvent[]) => {
    for (const event of events) await deliver(event);
    return events;
  };

  type Owner = Awaited<ReturnType<typeof createConfirmedUser>>;
  /** Checkout through the API and Pay on the local page: returns the session (with its coupon). */
  const subscribe = async (owner: Owner, priceId: string) => {
    const checkout = await call('POST', '/oauth/subscription/checkout', owner.tokens.IdToken, {
      price_id: priceId,
      success_url: `${APP_ORIGIN}/setup?payment=success`,
      cancel_url: `${APP_ORIGIN}/plans`,
    });
    expect(checkout.status).toBe(200);
    const { session, events } = await payments.completeCheckout(checkout.body.session_id as string);
    await deliverAll(events);
    return session;
  };
  const codeOf = async (owner: Owner) =>
    (await call('GET', '/oauth/referrals/link', owner.tokens.IdToken)).body.referral_code as string;
  const signUpWith = async (code: string, friend: Owner) => {
    const tracked = await call('POST', '/oauth/referrals/track-signup', friend.tokens.IdToken, {
      referral_code: code,
      user_id: friend.sub,
    });
    expect(tracked.status).toBe(200);
  };
  const referralOf = async (referrer: Owner, friend: Owner) =>
    ((await call('GET', '/oauth/referrals/list', referrer.tokens.IdToken)).body.referrals as Referral[]).find(
      (r) => r.referee_cognito_id === friend.sub,
    )!;
  const nextInvoice = async (owner: Owner) =>
    (await call('GET', '/oauth/subscription/upcoming-invoice', owner.tokens.IdToken))
      .body as UpcomingInvoiceResponse;
  const customerOf = async (owner: Owner) => (await deps.data.subscriptions.getCustomerId(owner.sub))!;
  const creditEmailsTo = async (owner: Owner) =>
    (await deps.localOutbox!.list()).filter(
      (m) => m.to === owner.email && m.kind === REFERRAL_CREDIT_EMAIL_KIND,
    );

  it('A refers B: B’s first paid month is $0, A’s next invoice is one month lower, and five parallel replays change nothing', async () => {
    const a = await createConfirmedUser(services, 'referrer-a');
    const b = await createConfirmedUser(services, 'friend-b');
    const aSession = await subscribe(a, 'price_essential_monthly');
    expect(aSession.coupon).toBeNull(); // A came through no referral
    expect((await nextInvoice(a)).invoice).toMatchObject({ amount_due: ESSENTIAL_MONTH, credit_applied: 0 });

    await signUpWith(await codeOf(a), b);
    const bSession = await subscribe(b, 'price_pro_monthly');
    expect(bSession.coupon).toMatchObject({ percentOff: 100, durationInMonths: 1 });
    // During the trial B's next invoice is the month the coupon makes free.
    expect((await nextInvoice(b)).invoice).toMatchObject({
      subtotal: PRO_MONTH,
      discount: PRO_MONTH,
      amount_due: 0,
    });

    const trialEnd = await deliverAll(await payments.advanceClock(bSession.subscription!, 'end_trial'));
    const bInvoices = await payments.customerInvoices(await customerOf(b));
    expect(bInvoices[0]).toMatchObject({
      subtotal: PRO_MONTH,
      amount_due: 0,
      amount_paid: 0,
      status: 'paid',
    });
    expect(bInvoices[0]!.total_discount_amounts).toEqual([
      { amount: PRO_MONTH, discount: bSession.coupon!.id },
    ]);
    // The coupon is used up: B's second month is full price.
    expect((await nextInvoice(b)).invoice).toMatchObject({ amount_due: PRO_MONTH, discount: 0 });

    // A's month free is one month of A's own plan, on A's balance, and the next invoice is that much lower.
    const credited = await referralOf(a, b);
    expect(credited).toMatchObject({
      status: 'complete',
      credit_status: 'on_balance',
      credit_amount: ESSENTIAL_MONTH,
    });
    expect(await payments.customerBalance(await customerOf(a))).toBe(-ESSENTIAL_MONTH);
    expect((await nextInvoice(a)).invoice).toMatchObject({
      subtotal: ESSENTIAL_MONTH,
      credit_applied: ESSENTIAL_MONTH,
      amount_due: 0,
    });
    expect(await creditEmailsTo(a)).toHaveLength(1);
    expect((await creditEmailsTo(a))[0]!.text).toContain('Your month free was applied');

    // Stripe redelivers the trial's events five times at once, and sends copies under new ids: nothing changes.
    await Promise.all(Array.from({ length: 5 }, () => Promise.all(trialEnd.map((event) => deliver(event)))));
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        Promise.all(trialEnd.map((event) => deliver({ ...event, id: `${event.id}_copy${i}` }))),
      ),
    );
    await Promise.all(Array.from({ length: 5 }, () => deps.onTrialCompleted!(b.sub)));
    expect(await payments.customerBalance(await customerOf(a))).toBe(-ESSENTIAL_MONTH);
    expect(await referralOf(a, b)).toEqual(credited);
    expect(await creditEmailsTo(a)).toHaveLength(1);

    // A's renewal uses the credit: it is applied, with the invoice it went to.
    await deliverAll(await payments.advanceClock(aSession.subscription!, 'end_trial'));
    const [aInvoice] = await payments.customerInvoices(await customerOf(a));
    expect(aInvoice).toMatchObject({
      subtotal: ESSENTIAL_MONTH,
      amount_due: 0,
      starting_balance: -ESSENTIAL_MONTH,
    });
    expect(await referralOf(a, b)).toMatchObject({
      credit_status: 'applied',
      credit_invoice_id: aInvoice!.id,
    });
    expect((await nextInvoice(a)).invoice).toMatchObject({ amount_due: ESSENTIAL_MONTH, credit_applied: 0 });

    // B pays a month and is refunded after A used the credit: the credit stays used, nothing is taken back.
    const bPaid = await deliverAll(await payments.advanceClock(bSession.subscription!, 'renew'));
    expect(bPaid).not.toHaveLength(0);
    await deliverAll(await payments.advanceClock(bSession.subscription!, 'refund_last_payment'));
    expect(await referralOf(a, b)).toMatchObject({ credit_status: 'applied' });
    expect(await payments.customerBalance(await customerOf(a))).toBe(0);
  });

  it('a refunded payment reverses a credit not used yet, once, and never more than the credit on the balance', async () => {
    const c = await createConfirmedUser(services, 'referrer-c');
    const d = await createConfirmedUser(services, 'friend-d');
    await subscribe(c, 'price_pro_monthly');
    await signUpWith(await codeOf(c), d);
    const dSession = await subscribe(d, 'price_essential_monthly');
    await deliverAll(await payments.advanceClock(dSession.subscription!, 'end_trial'));
    expect(await referralOf(c, d)).toMatchObject({ credit_status: 'on_balance', credit_amount: PRO_MONTH });
    expect(await payments.customerBalance(await customerOf(c))).toBe(-PRO_MONTH);

    await deliverAll(await payments.advanceClock(dSession.subscription!, 'renew'));
    const refund = await payments.advanceClock(dSession.subscription!, 'refund_last_payment');
    await Promise.all(Array.from({ length: 5 }, () => deliver(refund[0]!)));
    await Promise.all(
      Array.from({ length: 3 }, (_, i) => deliver({ ...refund[0]!, id: `${refund[0]!.id}_${i}` })),
    );
    expect(await referralOf(c, d)).toMatchObject({ credit_status: 'reversed' });
    expect(await payments.customerBalance(await customerOf(c))).toBe(0);
    expect((await nextInvoice(c)).invoice).toMatchObject({ amount_due: PRO_MONTH, credit_applied: 0 });
  });

  it('a referrer without a subscription keeps the credit waiting; it goes on the balance when they subscribe', async () => {
    const e = await createConfirmedUser(services, 'referrer-e');
    const f = await createConfirmedUser(services, 'friend-f');
    await signUpWith(await codeOf(e), f);
    const fSession = await subscribe(f, 'price_essential_monthly');
    await deliverAll(await payments.advanceClock(fSession.subscription!, 'end_trial'));
    expect(await referralOf(e, f)).toMatchObject({ status: 'complete', credit_status: 'waiting' });
    expect(await creditEmailsTo(e)).toHaveLength(0);

    await subscribe(e, 'price_pro_monthly');
    expect(await referralOf(e, f)).toMatchObject({ credit_status: 'on_balance', credit_amount: PRO_MONTH });
    expect((await nextInvoice(e)).invoice).toMatchObject({ subtotal: PRO_MONTH, amount_due: 0 });
    expect(await creditEmailsTo(e)).toHaveLength(1);
  });

  it('a friend who cancels in the trial earns nothing and their referral is cancelled', async () => {
    const g = await createConfirmedUser(services, 'referrer-g');
    const h = await createConfirmedUser(services, 'friend-h');
    await subscribe(g, 'price_essential_monthly');
    await signUpWith(await codeOf(g), h);
    const hSession = await subscribe(h, 'price_essential_monthly');
    await deliverAll(await payments.cancel(hSession.subscription!));
    expect(await referralOf(g, h)).toMatchObject({
      status: 'cancelled',
      credit_status: 'none',
      credit_amount: 0,
    });
    expect(await payments.customerBalance(await customerOf(g))).toBe(0);
  });

  it('an e-mail that already earned a reward gets no coupon and earns nothing again', async () => {
    const i = await createConfirmedUser(services, 'referrer-i');
    const j = await createConfirmedUser(services, 'friend-j');
    await subscribe(i, 'price_essential_monthly');
    // The address earned someone a month before (e.g. under an account since deleted).
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.referralRewardEmail(emailHash(j.email)), referral_id: 'earlier' },
      }),
    );
    await signUpWith(await codeOf(i), j);
    const jSession = await subscribe(j, 'price_essential_monthly');
    expect(jSession.coupon).toBeNull();
    await deliverAll(await payments.advanceClock(jSession.subscription!, 'end_trial'));
    expect(await referralOf(i, j)).toMatchObject({
      status: 'complete',
      credit_status: 'ineligible',
      credit_amount: 0,
    });
    expect(await payments.customerBalance(await customerOf(i))).toBe(0);
  });

  it('a self-referral is refused and its owner’s checkout has no coupon', async () => {
    const k = await createConfirmedUser(services, 'self-k');
    const self = await call('POST', '/oauth/referrals/track-signup', k.tokens.IdToken, {
      referral_code: await codeOf(k),
      user_id: k.sub,
    });
    expect(self.status).toBe(400);
    expect((await subscribe(k, 'price_essential_monthly')).coupon).toBeNull();
  });

  it('limits next-invoice previews per owner (each asks the payment provider), parallel requests included', async () => {
    const [m, n] = await Promise.all([
      createConfirmedUser(services, 'previews-m'),
      createConfirmedUser(services, 'previews-n'),
    ]);
    const { limit, windowSeconds } = USER_QUOTAS.invoicePreviews;
    await awayFromWindowEnd(windowSeconds);
    const burst = await Promise.all(
      Array.from({ length: limit + 5 }, () =>
        app.request('/oauth/subscription/upcoming-invoice', {
          headers: { Authorization: `Bearer ${m.tokens.IdToken}` },
        }),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = burst.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'too_many_requests', message: TOO_MANY_REQUESTS });
    // Another owner's previews are not counted against this one.
    expect((await call('GET', '/oauth/subscription/upcoming-invoice', n.tokens.IdToken)).status).toBe(200);
  });

  it('answers a null next invoice without a live subscription, and needs a token', async () => {
    const l = await createConfirmedUser(services, 'no-plan-l');
    expect(await nextInvoice(l)).toEqual({ invoice: null });
    const anonymous = await app.request('/oauth/subscription/upcoming-invoice');
    expect(anonymous.status).toBe(401);
  });
});
