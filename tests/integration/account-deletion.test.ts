import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_LIMIT, ACCOUNT_DELETION_PATH } from '../../shared/account-deletion';
import { SESSION_MESSAGES } from '../../shared/session';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../backend/src/platform/config/env';
import { keys, userKey } from '../../backend/src/platform/dynamo/keys';
import { signWebhookPayload } from '../../backend/src/providers/payments/webhook-signature';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import { IdentityError, type IdentityAdmin } from '../../backend/src/providers/identity/port';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { telephonyWebhookUrls } from '../../backend/src/providers/telephony/port';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import { cognitoCall, createConfirmedUser, signInUser } from '../support/cognito-users';
import { TEST_API_ORIGIN } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

const APP_ORIGIN = 'http://localhost:5173';
type Owner = Awaited<ReturnType<typeof createConfirmedUser>>;

/** Issue 10 §7: deleting the account ends every session, cancels, releases and erases everything. */
describe('account deletion', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const payments = deps.providers.payments;
  if (!isLocalPaymentsProvider(payments)) throw new Error('expected the local payments provider');
  const realIdentity = deps.providers.identity;

  const headers = (token: string) => ({
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
  });
  const deleteAccount = (sub: string, token: string, body: unknown = { confirmation: 'DELETE' }) =>
    app.request(ACCOUNT_DELETION_PATH.replace('{userId}', sub), {
      method: 'DELETE',
      headers: headers(token),
      body: JSON.stringify(body),
    });
  const status = (sub: string, token: string) =>
    app.request(`/oauth/users/${sub}/status`, { headers: headers(token) });
  const get = async (key: { pk: string; sk: string }) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  const partition = async (sub: string) =>
    (
      await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': userKey(sub) },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];
  const put = (item: Record<string, unknown>) =>
    doc.send(new PutCommand({ TableName: tableName, Item: item }));

  let nextNumber = 0;
  /** An owner with something in every key family: paid subscription, number, referrals, calls, calendar… */
  async function fullAccount(label: string) {
    const owner = await createConfirmedUser(services, label);
    const sub = owner.sub;
    await deps.data.businessConfigs.createConfig(sub, {
      business_name: 'Deleted Salon',
      phone_number: '+14155550199',
      address: '1 Gone St, San Francisco, CA',
    });
    // Subscribe through the local checkout: a real customer and trialing subscription at the provider.
    const checkout = await app.request('/oauth/subscription/checkout', {
      method: 'POST',
      headers: headers(owner.tokens.IdToken),
      body: JSON.stringify({
        price_id: 'price_essential_monthly',
        success_url: `${APP_ORIGIN}/setup?payment=success`,
        cancel_url: `${APP_ORIGIN}/plans?payment=cancelled`,
      }),
    });
    expect(checkout.status).toBe(200);
    const { checkout_url } = (await checkout.json()) as { checkout_url: string };
    await app.request(`${new URL(checkout_url).pathname}/pay`, { method: 'POST' });
    expect((await deps.data.subscriptions.getSubscription(sub)).status).toBe('trialing');
    // The assistant number, bought from the local telephony provider as step 4 does.
    const number = localStockPage('646', 7000 + nextNumber++, 1)[0]!.phone_number;
    expect((await deps.data.phoneReservations.claim(sub, number)).outcome).toBe('claimed');
    const { sid } = await deps.providers.telephony.purchase({
      phoneNumber: number,
      ...telephonyWebhookUrls(TEST_API_ORIGIN),
    });
    await deps.data.phoneReservations.activate(sub, number, sid, []);
    // Referrals as referrer (code, claim, referral, counters) and a link as someone's referee.
    const code = await deps.data.referrals.codeFor(sub);
    await deps.data.referrals.create(sub, {
      refereeEmail: `friend-${label}@example.com`,
      referrerName: 'Deleted Salon',
      code,
    });
    await put({ ...keys.refereeLink(sub), referrer_id: 'someone-else', referral_id: 'r1' });
    // A conversation with its engine state and thread, an appointment with a deposit, a message.
    const conversationId = `conv-${label}`;
    await put({ ...keys.conversation(sub, '2026-11-01T10:00:00.000Z', conversationId), id: conversationId });
    await put({ ...keys.conversationState(conversationId), owner_id: sub });
    await put({ ...keys.conversationThread(sub, 'sms', '+14155550100'), conversation_id: `thread-${label}` });
    await put({ ...keys.conversationState(`thread-${label}`), owner_id: sub });
    await put({
      ...keys.appointment(sub, '2026-12-01T15:00:00.000Z'),
      deposit: { amount_cents: 2500, paid: false, checkout_session_id: `cs_${label}` },
    });
    await put({ ...keys.depositSession(`cs_${label}`), owner_id: sub });
    await put({ ...keys.ownerMessage(sub, '2026-11-01T10:00:00.000Z', 'm1'), name: 'Caller' });
    // Calendar: a connection (sealed tokens), the bot calendar, and a pending OAuth state.
    await put({ ...keys.calendarConnection(sub, 'google_calendar'), access_token_enc: 'v1.sealed' });
    await put({ ...keys.botCalendar(sub), calendar_id: 'bot' });
    // The Business Calendar's live link: the owner's item and the lookup item outside the partition.
    const feedHash = `feedhash-${label}`;
    expect((await deps.data.calendarFeeds.replace(sub, null, feedHash)).ok).toBe(true);
    const state = `state-${label}-${Date.now()}`;
    await deps.data.oauthStates.save({
      state,
      user_id: sub,
      service: 'google_calendar',
      code_verifier: 'verifier',
      redirect_uri: `${TEST_API_ORIGIN}/oauth/google_calendar/callback`,
      app_origin: APP_ORIGIN,
    });
    await deps.data.waitlists.joinBeta({ email: owner.email }, sub);
    // Get paid: the owner's payouts item and the connected account's owner lookup outside the partition.
    const payoutAccount = `acct_${label}_${Date.now()}`;
    expect((await deps.data.payouts.claimAccount(sub, payoutAccount)).result).toBe('claimed');
    // A2P 10DLC: the registration in the partition, and the brand's owner lookup outside it.
    const brandSid = `BN${label.replace(/[^a-z0-9]/gi, '')}${Date.now()}`;
    expect(
      await deps.data.messagingRegistrations.save(
        sub,
        { state: 'in_review', updatedAt: new Date().toISOString(), refs: { brandSid } },
        undefined,
      ),
    ).toBe(true);
    await deps.data.messagingRegistrations.linkBrand(brandSid, sub);
    return { label, owner, number, sid, code, conversationId, state, feedHash, payoutAccount, brandSid };
  }

  const expectAllGone = async (account: Awaited<ReturnType<typeof fullAccount>>) => {
    const { label, owner, number, code, conversationId, state, feedHash, payoutAccount, brandSid } = account;
    expect(await partition(owner.sub)).toEqual([]);
    for (const key of [
      keys.phoneReservation(number),
      keys.referralCodeClaim(code),
      keys.refereeLink(owner.sub),
      keys.conversationState(conversationId),
      keys.conversationState(`thread-${label}`),
      keys.depositSession(`cs_${label}`),
      keys.oauthState(state),
      keys.calendarFeedToken(feedHash),
      keys.waitlistEntry('BETA', owner.email),
      keys.payoutAccountOwner(payoutAccount),
      keys.messagingBrandOwner(brandSid),
    ]) {
      expect(await get(key), `${key.pk} / ${key.sk}`).toBeUndefined();
    }
    // The number went back to the provider (the local account forgot it) and the subscription ended.
    expect((await deps.localTwilioAccount!.listNumbers()).map((n) => n.phone_number)).not.toContain(number);
  };

  const subscriptionsAtProvider = async (sub: string) => {
    const customerId = (await get(keys.billingCustomer(sub)))?.customer_id as string;
    return payments.listSubscriptions(customerId);
  };

  const expectTokensRefused = async (owner: Owner) => {
    for (const token of [owner.tokens.IdToken, owner.tokens.AccessToken]) {
      const response = await status(owner.sub, token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'account_deleted',
        message: SESSION_MESSAGES.accountDeleted,
      });
    }
  };

  it('removes every key family, cancels, releases, deletes the user, and refuses the old tokens', async () => {
    const account = await fullAccount('whole');
    const { owner } = account;
    const [subscription] = await subscriptionsAtProvider(owner.sub);
    expect(subscription?.status).toBe('trialing');
    const before = await partition(owner.sub);
    expect(before.length).toBeGreaterThan(10);

    const response = await deleteAccount(owner.sub, owner.tokens.IdToken);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { deleted: boolean; removed: Record<string, number> };
    expect(body).toMatchObject({
      deleted: true,
      removed: { phone_numbers_released: 1, subscriptions_cancelled: 1 },
    });
    expect(body.removed.items).toBeGreaterThanOrEqual(before.length);

    expect((await payments.retrieveSubscription(subscription!.id))?.status).toBe('canceled');
    await expectAllGone(account);
    await expectTokensRefused(owner);
    // The identity user is gone: signing in fails, and the refresh token no longer works.
    await expect(signInUser(services.cognitoUrl, owner.email, owner.password)).rejects.toThrow();
    // A late webhook about the cancelled subscription stores nothing for the deleted account.
    const late = JSON.stringify({
      id: `evt_late_${owner.sub.slice(0, 8)}`,
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscription!.id, object: 'subscription' } },
    });
    const delivered = await app.request('/webhooks/stripe', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': await signWebhookPayload(
          late,
          LOCAL_STRIPE_WEBHOOK_SECRET,
          Math.floor(Date.now() / 1000),
        ),
      },
      body: late,
    });
    expect(delivered.status).toBe(200);
    expect(await partition(owner.sub)).toEqual([]);
    // Repeating the deletion with the old token is refused like every other call.
    expect((await deleteAccount(owner.sub, owner.tokens.IdToken)).status).toBe(401);
  });

  it("refuses another owner's account (403) and a missing or wrong confirmation (400), storing nothing", async () => {
    const [owner, victim] = await Promise.all([
      createConfirmedUser(services, 'nosy'),
      createConfirmedUser(services, 'victim'),
    ]);
    await deps.data.businessConfigs.createConfig(victim.sub, {
      business_name: 'Victim Salon',
      phone_number: '+14155550123',
      address: '2 Safe St, San Francisco, CA',
    });
    expect((await deleteAccount(victim.sub, owner.tokens.IdToken)).status).toBe(403);
    for (const body of [{}, { confirmation: 'delete' }, { confirmation: 'DELETE', extra: 1 }, 'DELETE']) {
      const response = await deleteAccount(owner.sub, owner.tokens.IdToken, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await get(keys.accountDeletion(owner.sub))).toBeUndefined();
    expect(await get(keys.accountDeletion(victim.sub))).toBeUndefined();
    expect((await partition(victim.sub)).length).toBeGreaterThan(0);
    expect((await status(victim.sub, victim.tokens.IdToken)).status).toBe(200);
    expect((await status(owner.sub, owner.tokens.IdToken)).status).toBe(200);
  });

  it('a deletion that failed half-way locks the account, and a retry with the same token finishes it', async () => {
    const account = await fullAccount('retry');
    const { owner } = account;
    let failures = 1;
    const flaky: IdentityAdmin = {
      ...realIdentity,
      deleteUser: async (username) => {
        if (failures-- > 0) throw new IdentityError('identity service down');
        return realIdentity.deleteUser(username);
      },
    };
    deps.providers.identity = flaky;
    try {
      const failed = await deleteAccount(owner.sub, owner.tokens.IdToken);
      expect(failed.status).toBe(502);
      expect(await failed.json()).toMatchObject({ error: 'deletion_incomplete' });
      // Marked first: nothing else may act on the half-deleted account meanwhile.
      expect(await get(keys.accountDeletion(owner.sub))).toMatchObject({ status: 'deleting' });
      await expectTokensRefused(owner);
      // Sessions already ended at the identity service (refresh tokens revoked), the user still exists.
      const refreshed = await cognitoCall(services.cognitoUrl, 'InitiateAuth', {
        ClientId: LOCAL_USER_POOL_CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: owner.tokens.RefreshToken },
      });
      expect(refreshed.status).toBe(400);
      await expect(signInUser(services.cognitoUrl, owner.email, owner.password)).resolves.toBeDefined();

      const retried = await deleteAccount(owner.sub, owner.tokens.IdToken);
      expect(retried.status).toBe(200);
      expect(await get(keys.accountDeletion(owner.sub))).toMatchObject({ status: 'deleted' });
      await expectAllGone(account);
      await expect(signInUser(services.cognitoUrl, owner.email, owner.password)).rejects.toThrow();
    } finally {
      deps.providers.identity = realIdentity;
    }
  });

  it('parallel deletions run the steps once: one 200, the others 409 or 401, never a 5xx', async () => {
    const account = await fullAccount('parallel');
    const { owner } = account;
    // As many as the per-owner limit lets through, so every one reaches the deletion itself.
    const responses = await Promise.all(
      Array.from({ length: ACCOUNT_DELETION_LIMIT.requests }, () =>
        deleteAccount(owner.sub, owner.tokens.IdToken),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(
      statuses.every((s) => [200, 401, 409].includes(s)),
      `${statuses.join(',')}\n${bodies.join('\n')}`,
    ).toBe(true);
    await expectAllGone(account);
    await expectTokensRefused(owner);
  });

  it('is rate-limited per owner', async () => {
    const owner = await createConfirmedUser(services, 'limited');
    deps.providers.identity = {
      ...realIdentity,
      signOutEverywhere: async () => {
        throw new IdentityError('identity service down');
      },
      deleteUser: async () => undefined,
    };
    try {
      for (let attempt = 0; attempt < ACCOUNT_DELETION_LIMIT.requests; attempt += 1) {
        expect((await deleteAccount(owner.sub, owner.tokens.IdToken)).status).toBe(502);
      }
      expect((await deleteAccount(owner.sub, owner.tokens.IdToken)).status).toBe(429);
    } finally {
      deps.providers.identity = realIdentity;
    }
  });
});
