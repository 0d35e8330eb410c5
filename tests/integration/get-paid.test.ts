import { describe, expect, it, vi } from 'vitest';
import {
  LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from '../../backend/src/platform/config/env';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import type { LocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import { signWebhookPayload } from '../../backend/src/providers/payments/webhook-signature';
import { collectTurn } from '../../backend/src/capabilities/receptionist/receptionist';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { callApi } from '../support/api-calls';
import { createAssistantLine } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { onboardLocalPayouts, saveDepositObjective } from '../support/payouts';

const NY = 'America/New_York';
/** Monday 2026-11-23, 10:00 in New York. */
const clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const CALLER = '+14155550123';

describe('Get paid: Stripe Connect onboarding, deposits into the owner’s account, refunds', async () => {
  const { app, deps, services } = await createTestApp({}, { now: () => clock });
  const provider = deps.providers.payments;
  if (!isLocalPaymentsProvider(provider)) throw new Error('the local payments provider is expected');
  const payments: LocalPaymentsProvider = provider;
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'get-paid-owner'),
    createConfirmedUser(services, 'get-paid-other'),
  ]);
  await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Bella Hair Studio' });
  const path = (userId = owner.sub) => `/oauth/users/${userId}/get-paid`;
  const status = (user = owner) => callApi(app, 'GET', path(), user.tokens.IdToken);

  const reply = async (conversationId: string, text: string) =>
    (await collectTurn(deps.receptionist, conversationId, text))
      .map((event) => (event.type === 'text' ? event.delta : ''))
      .join('');

  const signed = async (event: object, secret = LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return app.request('/webhooks/stripe-connect', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': await signWebhookPayload(payload, secret, Math.floor(clock.getTime() / 1000)),
      },
      body: payload,
    });
  };

  it('says why deposits are off until an objective asks for them and the account is ready', async () => {
    const before = await status();
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      state: 'not_started',
      deposits: 'needs_objective',
      deposit_cents: 2500,
      settings: { mode: 'fixed', amount_cents: 2500, refund_window_hours: 24 },
      collected_cents: 0,
    });
    await saveDepositObjective(deps, owner.sub);
    expect((await status()).body.deposits).toBe('needs_account');
  });

  it('only the owner reads or changes their payouts', async () => {
    const token = other.tokens.IdToken;
    expect((await callApi(app, 'GET', path(), token)).status).toBe(403);
    expect((await callApi(app, 'POST', `${path()}/onboarding`, token)).status).toBe(403);
    const put = await callApi(app, 'PUT', `${path()}/settings`, token, {
      mode: 'fixed',
      amount_cents: 100,
      refund_window_hours: 0,
    });
    expect(put.status).toBe(403);
    expect((await callApi(app, 'GET', path())).status).toBe(401);
  });

  it('parallel onboarding starts make one account; the local page completes it and account.updated syncs it', async () => {
    const starts = await Promise.all(
      Array.from({ length: 5 }, () => callApi(app, 'POST', `${path()}/onboarding`, owner.tokens.IdToken)),
    );
    expect(starts.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const linkIds = starts.map((s) => String(s.body.url).split('/connect/onboard/')[1]!);
    const links = await Promise.all(linkIds.map((id) => payments.getAccountLink(id)));
    const accountId = (await deps.data.payouts.get(owner.sub)).account_id;
    expect(accountId).toMatch(/^acct_local/);
    expect(new Set(links.map((l) => l!.account))).toEqual(new Set([accountId]));
    expect(links[0]!.return_url).toBe('http://localhost:5173/dashboard?tab=overview&stripe=return');
    expect(await deps.data.payouts.ownerOfAccount(accountId!)).toBe(owner.sub);

    const page = await app.request(`/local/payments/connect/onboard/${linkIds[0]}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Complete onboarding');
    // Leaving onboarding unfinished: the account exists but cannot take money yet.
    const left = await app.request(`/local/payments/connect/onboard/${linkIds[0]}/incomplete`, {
      method: 'POST',
    });
    expect(left.status).toBe(303);
    expect((await status()).body).toMatchObject({ state: 'onboarding', deposits: 'needs_account' });
    // A used link goes to the refresh URL, where the dashboard asks for a new one.
    const reused = await app.request(`/local/payments/connect/onboard/${linkIds[0]}`);
    expect(reused.headers.get('location')).toContain('stripe=refresh');

    const done = await app.request(`/local/payments/connect/onboard/${linkIds[1]}/complete`, {
      method: 'POST',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain('stripe=return');
    expect((await status()).body).toMatchObject({ state: 'ready', deposits: 'on', requirements_due: [] });
    // Coming back starts no second account.
    await callApi(app, 'POST', `${path()}/onboarding`, owner.tokens.IdToken);
    expect((await deps.data.payouts.get(owner.sub)).account_id).toBe(accountId);
  });

  it('refuses deposit settings of ≤ 0 or over the limit, and stores nothing of them', async () => {
    const put = (body: unknown) => callApi(app, 'PUT', `${path()}/settings`, owner.tokens.IdToken, body);
    const bad = [
      { mode: 'fixed', amount_cents: 0, refund_window_hours: 24 },
      { mode: 'fixed', amount_cents: -500, refund_window_hours: 24 },
      { mode: 'fixed', amount_cents: 50_001, refund_window_hours: 24 },
      { mode: 'percent', percent: 0, price_cents: 10_000, refund_window_hours: 24 },
      { mode: 'percent', percent: 100, price_cents: 900_000, refund_window_hours: 24 },
      { mode: 'fixed', amount_cents: 2000, refund_window_hours: 10_000 },
      { mode: 'weekly', amount_cents: 2000, refund_window_hours: 24 },
    ];
    for (const body of bad) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBeTruthy();
    }
    expect((await put(bad[2])).body.message).toMatch(/at most \$500/);
    expect((await status()).body.settings).toEqual({
      mode: 'fixed',
      amount_cents: 2500,
      refund_window_hours: 24,
    });

    const saved = await put({ mode: 'percent', percent: 20, price_cents: 15_000, refund_window_hours: 48 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ deposit_cents: 3000, settings: { mode: 'percent', percent: 20 } });
    expect((await deps.receptionist.profileOf(owner.sub)).depositCents).toBe(3000);
    await put({ mode: 'fixed', amount_cents: 2500, refund_window_hours: 24 });
  });

  it('refuses unsigned, platform-signed and unknown-account events; a wrong-account deposit stores nothing', async () => {
    const accountId = (await deps.data.payouts.get(owner.sub)).account_id!;
    const updated = {
      id: 'evt_acct_1',
      type: 'account.updated',
      created: 1,
      account: accountId,
      data: { object: { id: accountId } },
    };
    const unsigned = await app.request('/webhooks/stripe-connect', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(updated),
    });
    expect(unsigned.status).toBe(400);
    expect((await signed(updated, LOCAL_STRIPE_WEBHOOK_SECRET)).status).toBe(400);
    const unknown = await signed({ ...updated, id: 'evt_acct_2', account: 'acct_someone_else' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: 'Unknown connected account' });
    expect((await signed({ ...updated, id: 'evt_acct_3', account: undefined })).status).toBe(400);

    // Another owner's account, claiming a deposit of this owner's: refused, and the event is not claimed.
    const otherLine = await createAssistantLine(deps);
    const otherAccount = await onboardLocalPayouts(deps, otherLine.ownerId);
    const forged = {
      id: 'evt_forged',
      type: 'checkout.session.completed',
      created: 1,
      account: otherAccount,
      data: {
        object: {
          id: 'cs_forged',
          mode: 'payment',
          payment_status: 'paid',
          metadata: { kind: 'deposit', owner_id: owner.sub },
        },
      },
    };
    const refused = await signed(forged);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: 'The deposit does not belong to this connected account',
    });
    expect(await deps.data.subscriptions.claimWebhookEvent('stripe-connect', 'evt_forged', 'x')).toBe(
      'claimed',
    );

    // A verified account.updated is handled once; its replay is a duplicate.
    const first = await signed({ ...updated, id: 'evt_acct_ok' });
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const replay = await signed({ ...updated, id: 'evt_acct_ok' });
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
  });

  it('a caller pays a deposit into the owner’s account; a cancellation inside the window refunds it once', async () => {
    const line = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, { time_zone: NY });
    await saveDepositObjective(deps, line.ownerId);
    const accountId = await onboardLocalPayouts(deps, line.ownerId);
    // The owner's webhooks hear the money move (decision 178): paid once, refunded once.
    const emitted = vi.spyOn(deps.webhooks, 'emit');
    const emittedOf = (type: string) =>
      emitted.mock.calls.filter(([, t]) => t === type).map(([, , data]) => data);

    async function bookAndPay(when: string, caller: string) {
      const sms = await deps.receptionist.startConversation({
        ownerId: line.ownerId,
        channel: 'sms',
        caller,
        assistantNumber: line.assistantNumber,
      });
      await collectTurn(deps.receptionist, sms.id, `I want an appointment on ${when}`);
      await collectTurn(deps.receptionist, sms.id, 'yes, this is Ana');
      const link = (await deps.localTwilioAccount!.thread(line.assistantNumber, caller))
        .map((m) => m.body)
        .find((t) => t.includes('deposit here'));
      const sessionId = /\/pay\/(cs_[a-z0-9]+)/.exec(link!)![1]!;
      const session = await payments.getPaymentSession(sessionId);
      expect(session).toMatchObject({ account: accountId, amount_total: 2500 });
      // The caller pays on the local Checkout page (a double click: three posts at once); the signed Connect
      // event marks the booking paid, and the money is counted once.
      const paid = await Promise.all(
        [1, 2, 3].map(() => app.request(`/local/payments/pay/${sessionId}/pay`, { method: 'POST' })),
      );
      expect(paid.map((r) => r.status)).toEqual([303, 303, 303]);
      const [appointment] = (await deps.data.appointments.upcoming(line.ownerId)).filter(
        (a) => a.customer_phone === caller,
      );
      expect(appointment!.deposit).toMatchObject({ paid: true, account_id: accountId });
      return { sms, appointment: appointment!, sessionId };
    }

    const first = await bookAndPay('Wednesday at 10am', CALLER);
    expect((await deps.data.payouts.get(line.ownerId)).collected_cents).toBe(2500);

    // Two days ahead, the window is 24 hours: the caller's cancellation refunds the deposit.
    const cancel = await reply(first.sms.id, 'please cancel my appointment');
    expect(cancel).toContain('Your deposit has been refunded.');
    const cancelled = await deps.data.appointments.get(line.ownerId, first.appointment.id);
    expect(cancelled!.deposit).toMatchObject({ refund_id: expect.stringMatching(/^re_local/) });
    expect((await deps.data.payouts.get(line.ownerId)).collected_cents).toBe(0);
    const texts = (await deps.localTwilioAccount!.thread(line.assistantNumber, CALLER)).map((m) => m.body);
    expect(texts.filter((t) => t.includes('is cancelled. Your deposit has been refunded.'))).toHaveLength(1);
    // Refunding again, five times at once from the booking as it was before (retried cancellations): the same
    // refund comes back each time and nothing more is subtracted.
    const stale = { ...first.appointment, status: 'cancelled' as const };
    const retries = await Promise.all(
      [1, 2, 3, 4, 5].map(() => deps.receptionist.refundCancelledDeposit(line.ownerId, stale)),
    );
    expect(retries).toEqual(['refunded', 'refunded', 'refunded', 'refunded', 'refunded']);
    expect((await deps.data.payouts.get(line.ownerId)).collected_cents).toBe(0);
    expect((await deps.data.appointments.get(line.ownerId, first.appointment.id))!.deposit?.refund_id).toBe(
      cancelled!.deposit?.refund_id,
    );
    const deposit = { appointment_id: first.appointment.id, amount_cents: 2500, customer_phone: CALLER };
    expect(emittedOf('deposit.paid')).toEqual([expect.objectContaining(deposit)]);
    expect(emittedOf('deposit.refunded')).toEqual([expect.objectContaining(deposit)]);
    expect(emittedOf('appointment.cancelled')).toEqual([
      expect.objectContaining({ appointment_id: first.appointment.id, changed_by: 'assistant' }),
    ]);
    emitted.mockRestore();

    // With a 72-hour window, a cancellation two days ahead keeps the deposit.
    await deps.data.payouts.saveSettings(line.ownerId, {
      mode: 'fixed',
      amount_cents: 2500,
      refund_window_hours: 72,
    });
    const second = await bookAndPay('Wednesday at 11am', '+14155550124');
    const kept = await reply(second.sms.id, 'please cancel my appointment');
    expect(kept).toContain('The deposit is kept');
    expect(
      (await deps.data.appointments.get(line.ownerId, second.appointment.id))!.deposit?.refund_id,
    ).toBeUndefined();
    expect((await deps.data.payouts.get(line.ownerId)).collected_cents).toBe(2500);
  });
});
