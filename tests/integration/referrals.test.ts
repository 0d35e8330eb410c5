import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Referral } from '../../shared/schemas/referral';
import { REFERRAL_ERRORS, REFERRAL_MESSAGES } from '../../shared/referrals';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../backend/src/platform/config/env';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import type { PaymentEvent } from '../../backend/src/providers/payments/port';
import { signWebhookPayload } from '../../backend/src/providers/payments/webhook-signature';
import { createLocalOutbox } from '../../backend/src/local/ses/local-outbox';
import { createSesEmailSender } from '../../backend/src/providers/email/ses';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';
import { startFakeSes } from '../fakes/ses/fake-ses';

const APP_ORIGIN = 'http://localhost:5173';
const json = (token?: string) => ({
  'Content-Type': 'application/json',
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});
const friend = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

describe('referral endpoints', async () => {
  const { app, deps, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'referrer', { 'custom:business_name': 'Bright Smile' });
  const other = await createConfirmedUser(services, 'other-owner');
  const token = owner.tokens.IdToken;
  // Invitations e-mail a third party: only paying (or trialing) owners send them (issue 10 §1).
  await storeSubscription(deps, owner.sub, 'trialing');

  const call = (method: string, path: string, body?: unknown, bearer: string | undefined = token) =>
    app.request(path, {
      method,
      headers: json(bearer),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const create = (email: string, bearer = token) =>
    call('POST', '/oauth/referrals/create', { referee_email: email }, bearer);
  const list = async (bearer = token) =>
    (
      (await (await call('GET', '/oauth/referrals/list', undefined, bearer)).json()) as {
        referrals: Referral[];
      }
    ).referrals;

  it('answers 401 without a token on every referral route', async () => {
    for (const [method, path] of [
      ['POST', '/oauth/referrals/create'],
      ['GET', '/oauth/referrals/list'],
      ['DELETE', `/oauth/referrals/${randomUUID()}`],
      ['GET', '/oauth/referrals/link'],
      ['POST', '/oauth/referrals/track-signup'],
      ['POST', '/oauth/referrals/send-invitation'],
    ] as const) {
      const response = await call(method, path, method === 'POST' ? {} : undefined, '');
      expect(response.status, `${method} ${path}`).toBe(401);
      expect((await response.json()).error).toBe('unauthorized');
    }
  });

  it('gives each owner one stable link to the sign-up page with a unique code', async () => {
    const first = (await (await call('GET', '/oauth/referrals/link')).json()) as {
      referral_link: string;
      referral_code: string;
    };
    expect(first.referral_link).toBe(`${APP_ORIGIN}/signup?ref=${first.referral_code}`);
    expect(first.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    const again = await (await call('GET', '/oauth/referrals/link')).json();
    expect(again).toEqual(first);
    const theirs = await (await call('GET', '/oauth/referrals/link', undefined, other.tokens.IdToken)).json();
    expect(theirs.referral_code).not.toBe(first.referral_code);
  });

  it('refuses a blank or invalid e-mail (400) and the owner’s own address, storing nothing', async () => {
    for (const email of ['', '   ', 'not-an-email']) {
      const response = await create(email);
      expect(response.status, JSON.stringify(email)).toBe(400);
      expect((await response.json()).error).toBe('validation_error');
    }
    const self = await create(`  ${owner.email.toUpperCase()} `);
    expect(self.status).toBe(400);
    expect((await self.json()).message).toBe(REFERRAL_ERRORS.selfReferral);
    expect(await list()).toEqual([]);
  });

  const invited: string[] = [];
  it('adds three referrals (trimmed, no_response, the business name as referrer), then refuses a fourth with the hint', async () => {
    for (const label of ['ann', 'bob', 'cat']) {
      const email = friend(label);
      const response = await create(`  ${email} `);
      expect(response.status).toBe(201);
      const { referral } = (await response.json()) as { referral: Referral };
      expect(referral).toMatchObject({
        referee_email: email,
        status: 'no_response',
        referrer_name: 'Bright Smile',
        referee_cognito_id: null,
        credit_amount: 0,
      });
      invited.push(email);
    }
    const duplicate = await create(invited[0]!.toUpperCase());
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).message).toBe(REFERRAL_ERRORS.duplicate);

    const fourth = await create(friend('dan'));
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toMatchObject({
      error: 'conflict',
      message: REFERRAL_MESSAGES.maxPendingHint,
    });
    const referrals = await list();
    expect(referrals).toHaveLength(3);
    expect(referrals.map((r) => r.referee_email).sort()).toEqual([...invited].sort());
    // Another owner sees none of them.
    expect(await list(other.tokens.IdToken)).toEqual([]);
  });

  it('sends an invitation for a no_response referral through the local outbox', async () => {
    const response = await call('POST', '/oauth/referrals/send-invitation', {
      referee_email: ` ${invited[1]!} `,
      referrer_name: 'Dr. Smile',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true, referee_email: invited[1] });
    const { referral_link: link } = await (await call('GET', '/oauth/referrals/link')).json();
    const mail = (await createLocalOutbox(services.outboxDir).list()).find((m) => m.to === invited[1]);
    expect(mail).toMatchObject({
      kind: 'referral-invitation',
      subject: 'Dr. Smile invited you to try Ringly',
    });
    expect(mail!.text).toContain(link);

    const unknown = await call('POST', '/oauth/referrals/send-invitation', {
      referee_email: friend('nobody'),
    });
    expect(unknown.status).toBe(404);
    const invalid = await call('POST', '/oauth/referrals/send-invitation', { referee_email: 'x' });
    expect(invalid.status).toBe(400);
  });

  it('cancels only no_response referrals of the owner; a cancelled address may be referred again', async () => {
    const target = (await list()).find((r) => r.referee_email === invited[2])!;
    const byOther = await call(
      'DELETE',
      `/oauth/referrals/${target.referral_id}`,
      undefined,
      other.tokens.IdToken,
    );
    expect(byOther.status).toBe(404);
    expect((await call('DELETE', '/oauth/referrals/not-a-uuid')).status).toBe(400);
    expect((await call('DELETE', `/oauth/referrals/${randomUUID()}`)).status).toBe(404);

    const cancelled = await call('DELETE', `/oauth/referrals/${target.referral_id}`);
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).referral.status).toBe('cancelled');
    const again = await call('DELETE', `/oauth/referrals/${target.referral_id}`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(REFERRAL_ERRORS.onlyNoResponse);
    const mail = await call('POST', '/oauth/referrals/send-invitation', { referee_email: invited[2] });
    expect(mail.status).toBe(409);

    // One slot is free again, and the cancelled address can be referred anew.
    expect((await create(invited[2]!)).status).toBe(201);
    const statuses = (await list()).filter((r) => r.referee_email === invited[2]).map((r) => r.status);
    expect(statuses.sort()).toEqual(['cancelled', 'no_response']);
  });

  describe('a referee who signs up with the link, then completes the trial', async () => {
    const referee = await createConfirmedUser(services, 'referee');
    const { referral_code: code } = await (await call('GET', '/oauth/referrals/link')).json();
    const track = (body: Record<string, unknown>, bearer = referee.tokens.IdToken) =>
      call('POST', '/oauth/referrals/track-signup', body, bearer);

    it('refuses a bad body (400), another user id (403), an unknown code (404) and the owner’s own code', async () => {
      // Room for the referee's referral: cancel one pending referral first.
      const pending = (await list()).find((r) => r.referee_email === invited[0])!;
      expect((await call('DELETE', `/oauth/referrals/${pending.referral_id}`)).status).toBe(200);
      expect((await create(referee.email)).status).toBe(201);

      expect((await track({ referral_code: code })).status).toBe(400);
      expect((await track({ referral_code: code, user_id: other.sub })).status).toBe(403);
      expect((await track({ referral_code: 'ZZZZ9999', user_id: referee.sub })).status).toBe(404);
      const self = await track({ referral_code: code, user_id: owner.sub }, token);
      expect(self.status).toBe(400);
      expect((await self.json()).message).toBe(REFERRAL_ERRORS.selfReferral);
      expect((await list()).find((r) => r.referee_email === referee.email)?.status).toBe('no_response');
    });

    it('moves the referee’s referral to trial, once', async () => {
      const first = await track({ referral_code: code.toLowerCase(), user_id: referee.sub });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ tracked: true, status: 'trial' });
      const again = await track({ referral_code: code, user_id: referee.sub });
      expect(await again.json()).toEqual({ tracked: true, status: 'trial' });
      const mine = (await list()).filter((r) => r.referee_email === referee.email);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ status: 'trial', referee_cognito_id: referee.sub });
      expect(mine[0]!.trial_started_at).not.toBeNull();
      // A trial referral can no longer be e-mailed or cancelled.
      expect((await call('DELETE', `/oauth/referrals/${mine[0]!.referral_id}`)).status).toBe(409);
    });

    it('records a friend who was never invited by e-mail directly in trial', async () => {
      const walkIn = await createConfirmedUser(services, 'walk-in');
      const response = await track({ referral_code: code, user_id: walkIn.sub }, walkIn.tokens.IdToken);
      expect(await response.json()).toEqual({ tracked: true, status: 'trial' });
      const record = (await list()).find((r) => r.referee_email === walkIn.email);
      expect(record).toMatchObject({
        status: 'trial',
        referrer_name: 'A friend',
        referee_cognito_id: walkIn.sub,
      });
    });

    it('completes with one month of the referee’s plan when the payments webhook reports the trial over', async () => {
      const payments = deps.providers.payments;
      if (!isLocalPaymentsProvider(payments)) throw new Error('expected the local payments provider');
      const deliver = async (event: PaymentEvent) =>
        app.request('/webhooks/stripe', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Stripe-Signature': await signWebhookPayload(
              JSON.stringify(event),
              LOCAL_STRIPE_WEBHOOK_SECRET,
              Math.floor(Date.now() / 1000),
            ),
          },
          body: JSON.stringify(event),
        });
      const checkout = await (
        await call(
          'POST',
          '/oauth/subscription/checkout',
          {
            price_id: 'price_pro_monthly',
            success_url: `${APP_ORIGIN}/setup?payment=success`,
            cancel_url: `${APP_ORIGIN}/plans`,
          },
          referee.tokens.IdToken,
        )
      ).json();
      const { session, events } = await payments.completeCheckout(checkout.session_id as string);
      for (const event of events) expect((await deliver(event)).status).toBe(200);
      expect((await list()).find((r) => r.referee_email === referee.email)?.status).toBe('trial');

      for (const event of await payments.advanceClock(session.subscription!, 'end_trial')) {
        expect((await deliver(event)).status).toBe(200);
      }
      const done = (await list()).find((r) => r.referee_email === referee.email)!;
      expect(done).toMatchObject({ status: 'complete', credit_amount: 19900 });
      expect(done.completed_at).not.toBeNull();
      // The hook again (e.g. a second subscription's trial) changes nothing.
      await deps.onTrialCompleted!(referee.sub);
      expect((await list()).find((r) => r.referee_email === referee.email)).toEqual(done);
    });
  });
});

describe('Amazon SES e-mail adapter against a fake of the SES v2 API', async () => {
  const ses = await startFakeSes(['invites@ringly.example']);
  afterAll(() => ses.stop());

  it('sends a signed SendEmail with the message and returns the SES message id', async () => {
    const sender = createSesEmailSender({
      region: 'us-east-1',
      fromAddress: 'invites@ringly.example',
      endpoint: ses.endpoint,
    });
    const { id } = await sender.send({
      to: 'friend@example.com',
      subject: 'Hello',
      text: 'Body text',
      kind: 'referral-invitation',
    });
    expect(id).toBe(ses.sent.at(-1)!.messageId);
    expect(ses.sent.at(-1)!.request).toMatchObject({
      FromEmailAddress: 'invites@ringly.example',
      Destination: { ToAddresses: ['friend@example.com'] },
      Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Body text' } } } },
      EmailTags: [{ Name: 'kind', Value: 'referral-invitation' }],
    });
    expect(ses.sent.at(-1)!.authorization).toMatch(/\/us-east-1\/ses\/aws4_request/);
  });

  it('surfaces SES refusals (unverified sender) as errors', async () => {
    const sender = createSesEmailSender({
      region: 'us-east-1',
      fromAddress: 'someone@unverified.example',
      endpoint: ses.endpoint,
    });
    await expect(
      sender.send({ to: 'friend@example.com', subject: 'Hi', text: 'x', kind: 'test' }),
    ).rejects.toMatchObject({ name: 'MessageRejected' });
  });

  it('is what the app uses when SES_FROM_ADDRESS is set: invitations go to SES, failures answer 502', async () => {
    for (const [from, expected] of [
      ['invites@ringly.example', 200],
      ['someone@unverified.example', 502],
    ] as const) {
      const { app, deps, services } = await createTestApp({
        SES_FROM_ADDRESS: from,
        SES_ENDPOINT: ses.endpoint,
      });
      const owner = await createConfirmedUser(services, 'ses-owner');
      await storeSubscription(deps, owner.sub, 'trialing');
      const headers = json(owner.tokens.IdToken);
      const email = friend('ses-friend');
      await app.request('/oauth/referrals/create', {
        method: 'POST',
        headers,
        body: JSON.stringify({ referee_email: email }),
      });
      const before = ses.sent.length;
      const response = await app.request('/oauth/referrals/send-invitation', {
        method: 'POST',
        headers,
        body: JSON.stringify({ referee_email: email }),
      });
      expect(response.status, from).toBe(expected);
      if (expected === 200) {
        expect(ses.sent.length).toBe(before + 1);
        expect(ses.sent.at(-1)!.request.Destination?.ToAddresses).toEqual([email]);
        expect(ses.sent.at(-1)!.request.Content?.Simple?.Body?.Text?.Data).toContain('/signup?ref=');
      } else {
        expect(await response.json()).toMatchObject({
          error: 'email_failed',
          message: REFERRAL_MESSAGES.invitationFailed,
        });
      }
      // SES, not the local outbox, got it.
      expect((await createLocalOutbox(services.outboxDir).list()).some((m) => m.to === email)).toBe(false);
    }
  });
});
