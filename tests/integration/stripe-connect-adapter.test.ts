import { afterAll, describe, expect, it } from 'vitest';
import { createStripePaymentsProvider } from '../../backend/src/providers/payments/stripe';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server';

const SECRET_KEY = 'sk_test_fake_connect_only';

describe('the Stripe adapter’s Connect calls against a fake of the Stripe API', async () => {
  const stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  afterAll(() => stripe.close());
  const adapter = createStripePaymentsProvider({ secretKey: SECRET_KEY, apiBase: stripe.url });
  const input = { ownerId: 'owner-1', email: 'owner@example.com', businessName: 'Bright Smiles' };

  it('creates one Standard account per idempotency key, tagged with its owner', async () => {
    const [first, second] = await Promise.all([
      adapter.createConnectedAccount(input, 'connect-account-owner-1'),
      adapter.createConnectedAccount(input, 'connect-account-owner-1'),
    ]);
    expect(first.id).toBe(second.id);
    const created = stripe.requests.filter((r) => r.path === '/v1/accounts' && r.method === 'POST');
    expect(created[0]?.params).toMatchObject({
      type: 'standard',
      email: 'owner@example.com',
      business_profile: { name: 'Bright Smiles' },
      metadata: { owner_id: 'owner-1' },
    });
    expect(created[0]?.idempotencyKey).toBe('connect-account-owner-1');
  });

  it('makes an onboarding link and reads the account’s flags before and after onboarding', async () => {
    const { id } = await adapter.createConnectedAccount(input, 'connect-account-owner-2');
    const link = await adapter.createAccountLink({
      accountId: id,
      refreshUrl: 'http://app.test/dashboard?stripe=refresh',
      returnUrl: 'http://app.test/dashboard?stripe=return',
    });
    expect(link.url).toContain(id);
    expect(stripe.requests.at(-1)?.params).toMatchObject({ type: 'account_onboarding', account: id });
    expect(await adapter.retrieveConnectedAccount(id)).toEqual({
      id,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      requirements_due: ['external_account', 'tos_acceptance.date'],
    });
    stripe.completeOnboarding(id);
    expect(await adapter.retrieveConnectedAccount(id)).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      requirements_due: [],
    });
    expect(await adapter.retrieveConnectedAccount('acct_unknown')).toBeUndefined();
  });

  it('takes a deposit on the connected account and refunds it there, once', async () => {
    const { id: account } = await adapter.createConnectedAccount(input, 'connect-account-owner-3');
    stripe.completeOnboarding(account);
    const session = await adapter.createDepositCheckout({
      amountCents: 2500,
      description: 'Deposit',
      metadata: { kind: 'deposit', owner_id: 'owner-1' },
      successUrl: 'http://api.test/deposits/done?status=paid',
      cancelUrl: 'http://api.test/deposits/done?status=cancelled',
      idempotencyKey: 'deposit-owner-1-appt-1',
      connectedAccountId: account,
    });
    const create = stripe.requests.find((r) => r.path === '/v1/checkout/sessions');
    expect(create?.stripeAccount).toBe(account);
    expect(create?.params).toMatchObject({ mode: 'payment', metadata: { kind: 'deposit' } });

    // Unpaid: there is nothing to refund yet.
    await expect(
      adapter.refundDeposit({ accountId: account, sessionId: session.id, idempotencyKey: 'refund-1' }),
    ).rejects.toMatchObject({ kind: 'invalid_request' });
    stripe.payDepositSession(session.id);
    // Another account cannot see the session, so it cannot refund it.
    const { id: other } = await adapter.createConnectedAccount(input, 'connect-account-other');
    await expect(
      adapter.refundDeposit({ accountId: other, sessionId: session.id, idempotencyKey: 'refund-x' }),
    ).rejects.toMatchObject({ kind: 'not_found' });

    const refund = await adapter.refundDeposit({
      accountId: account,
      sessionId: session.id,
      idempotencyKey: `refund-${session.id}`,
    });
    // A retried cancellation replays the same refund instead of failing or refunding twice.
    const again = await adapter.refundDeposit({
      accountId: account,
      sessionId: session.id,
      idempotencyKey: `refund-${session.id}`,
    });
    expect(again.id).toBe(refund.id);
    expect([...stripe.refunds.values()].filter((r) => r.id === refund.id)).toHaveLength(1);
    expect(
      stripe.requests.filter((r) => r.path === '/v1/refunds').every((r) => r.stripeAccount === account),
    ).toBe(true);
  });
});
