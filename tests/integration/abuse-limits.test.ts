import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_REQUIRED } from '../../shared/plans';
import { REFERRAL_ERRORS, REFERRAL_MESSAGES } from '../../shared/referrals';
import type { Referral } from '../../shared/schemas/referral';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createLocalOutbox } from '../../backend/src/local/ses/local-outbox';
import { USER_QUOTAS, type QuotaName } from '../../backend/src/platform/quotas/user-quotas';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';

const friend = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const PARALLEL = 10;

/** Issue 10 §1, §5, §6, §8: paying gates, referral rules under races, e-mail abuse, per-owner ceilings. */
describe('money and abuse limits', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const outbox = createLocalOutbox(services.outboxDir);

  const owner = async (label: string, attributes?: Record<string, string>) => {
    const user = await createConfirmedUser(services, label, attributes);
    const call = (method: string, path: string, body?: unknown) =>
      app.request(path, {
        method,
        headers: { Authorization: `Bearer ${user.tokens.IdToken}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const refer = (email: string) => call('POST', '/oauth/referrals/create', { referee_email: email });
    const list = async () =>
      ((await (await call('GET', '/oauth/referrals/list')).json()) as { referrals: Referral[] }).referrals;
    return { ...user, call, refer, list };
  };
  /** Spends a quota the way requests would, so the next request is the one over the ceiling. */
  const spend = async (quota: QuotaName, userId: string, times = USER_QUOTAS[quota].limit) => {
    for (let i = 0; i < times; i += 1) {
      await deps.rateLimiter.hit(
        `${quota}#${userId}`,
        USER_QUOTAS[quota].limit,
        USER_QUOTAS[quota].windowSeconds,
      );
    }
  };
  const mailsTo = async (email: string) => (await outbox.list()).filter((m) => m.to === email);

  describe('§1 invitations and calendar shares need an active or trialing subscription', () => {
    it('answers 402 subscription_required to an invitation without one and e-mails no one', async () => {
      const user = await owner('unpaid-inviter');
      const email = friend('unpaid-friend');
      expect((await user.refer(email)).status).toBe(201);
      for (const status of [undefined, 'past_due', 'canceled'] as const) {
        if (status) await storeSubscription(deps, user.sub, status);
        const response = await user.call('POST', '/oauth/referrals/send-invitation', {
          referee_email: email,
        });
        expect(response.status, String(status)).toBe(402);
        expect(await response.json()).toEqual({
          error: SUBSCRIPTION_REQUIRED.code,
          message: SUBSCRIPTION_REQUIRED.message,
        });
      }
      expect(await mailsTo(email)).toHaveLength(0);
      await storeSubscription(deps, user.sub, 'trialing');
      const sent = await user.call('POST', '/oauth/referrals/send-invitation', { referee_email: email });
      expect(sent.status).toBe(200);
      expect(await mailsTo(email)).toHaveLength(1);
    });

    it('answers 402 to a calendar share without one, records and sends nothing', async () => {
      const user = await owner('unpaid-sharer');
      await deps.data.businessConfigs.createConfig(user.sub, {
        business_name: 'Unpaid Salon',
        assistant_phone: '+14155550177',
      });
      const response = await user.call('POST', `/oauth/users/${user.sub}/share-calendar`, {
        user_email: user.email,
      });
      expect(response.status).toBe(402);
      expect((await response.json()).error).toBe(SUBSCRIPTION_REQUIRED.code);
      const share = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.botCalendarShare(user.sub, user.email.toLowerCase()),
        }),
      );
      expect(share.Item).toBeUndefined();
      expect((await mailsTo(user.email)).filter((m) => m.kind === 'calendar-share')).toHaveLength(0);
    });
  });

  describe('§5 referral rules hold under 10 parallel requests', () => {
    it('10 parallel adds of different e-mails: exactly 3 pending, the rest refused with the hint', async () => {
      const user = await owner('parallel-adds');
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => user.refer(friend(`p${i}`))),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(PARALLEL - 3);
      for (const response of responses.filter((r) => r.status === 409)) {
        expect((await response.json()).message).toBe(REFERRAL_MESSAGES.maxPendingHint);
      }
      expect((await user.list()).filter((r) => r.status === 'no_response')).toHaveLength(3);
    });

    it('10 parallel adds of one e-mail: one referral', async () => {
      const user = await owner('parallel-same');
      const email = friend('same');
      const responses = await Promise.all(Array.from({ length: PARALLEL }, () => user.refer(email)));
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 201)) {
        expect(response.status).toBe(409);
        expect((await response.json()).message).toBe(REFERRAL_ERRORS.duplicate);
      }
      expect((await user.list()).filter((r) => r.referee_email === email)).toHaveLength(1);
    });

    it('10 parallel cancels of one referral free exactly one slot', async () => {
      const user = await owner('parallel-cancel');
      const created = await Promise.all([1, 2, 3].map((i) => user.refer(friend(`c${i}`))));
      const { referral } = (await created[0]!.json()) as { referral: Referral };
      const cancels = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          user.call('DELETE', `/oauth/referrals/${referral.referral_id}`),
        ),
      );
      expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
      expect(cancels.filter((r) => r.status === 409)).toHaveLength(PARALLEL - 1);
      const refill = await Promise.all([1, 2].map((i) => user.refer(friend(`r${i}`))));
      expect(refill.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it('cancel and re-add cannot cycle without end: adds are capped per day', async () => {
      const user = await owner('cycler');
      const email = friend('cycled');
      let lastStatus = 0;
      for (let i = 0; i < USER_QUOTAS.referralAdds.limit + 1; i += 1) {
        const response = await user.refer(email);
        lastStatus = response.status;
        if (response.status !== 201) break;
        const { referral } = (await response.json()) as { referral: Referral };
        expect((await user.call('DELETE', `/oauth/referrals/${referral.referral_id}`)).status).toBe(200);
      }
      expect(lastStatus).toBe(429);
      expect((await user.list()).filter((r) => r.status === 'cancelled')).toHaveLength(
        USER_QUOTAS.referralAdds.limit,
      );
    });
  });

  describe('§6 e-mail abuse', () => {
    it('strips CR/LF, bidi controls and links from the referrer name, and caps its length', async () => {
      const user = await owner('injector');
      await storeSubscription(deps, user.sub, 'trialing');
      const email = friend('victim');
      await user.refer(email);
      const response = await user.call('POST', '/oauth/referrals/send-invitation', {
        referee_email: email,
        referrer_name:
          'Your Bank\r\nBcc: all@example.com \u202Eknil\u202C https://phish.example/login www.evil.example',
      });
      expect(response.status).toBe(200);
      const [mail] = await mailsTo(email);
      expect(mail!.subject).toBe('Your Bank Bcc: knil invited you to try Ringly');
      for (const bad of ['\r', '\n\nBcc', '\u202E', 'phish', 'evil.example', 'all@example.com']) {
        expect(mail!.subject).not.toContain(bad);
        expect(mail!.text).not.toContain(bad);
      }
      const long = await user.refer(friend('long'));
      const longEmail = ((await long.json()) as { referral: Referral }).referral.referee_email;
      await user.call('POST', '/oauth/referrals/send-invitation', {
        referee_email: longEmail,
        referrer_name: 'A'.repeat(100),
      });
      const [longMail] = await mailsTo(longEmail);
      expect(longMail!.subject).toBe(`${'A'.repeat(80)} invited you to try Ringly`);
    });

    it('a calendar share e-mail carries the business name without its link', async () => {
      const user = await owner('share-link');
      await storeSubscription(deps, user.sub, 'trialing');
      await deps.data.businessConfigs.createConfig(user.sub, {
        business_name: 'Glow Spa http://glow.example/free-gift',
        assistant_phone: '+14155550188',
      });
      const response = await user.call('POST', `/oauth/users/${user.sub}/share-calendar`, {
        user_email: user.email,
      });
      expect(response.status).toBe(200);
      const mail = (await mailsTo(user.email)).find((m) => m.kind === 'calendar-share');
      expect(mail!.text).toContain('Glow Spa shared the calendar');
      expect(mail!.text).not.toContain('glow.example');
    });

    it('e-mails to third parties are capped per owner per day, all kinds together', async () => {
      const user = await owner('daily-mail');
      await storeSubscription(deps, user.sub, 'trialing');
      const email = friend('capped');
      await user.refer(email);
      await spend('ownerEmails', user.sub);
      const response = await user.call('POST', '/oauth/referrals/send-invitation', { referee_email: email });
      expect(response.status).toBe(429);
      expect(await mailsTo(email)).toHaveLength(0);
    });

    it("create-calendar cannot take another business's number or name", async () => {
      const user = await owner('claimer');
      const rival = await owner('rival-biz');
      await deps.data.businessConfigs.createConfig(rival.sub, {
        business_name: 'Rival Dental',
        assistant_phone: '+14155550199',
      });
      await deps.data.businessConfigs.createConfig(user.sub, {
        business_name: 'Honest Nails',
        assistant_phone: '+14155550111',
      });
      const stolen = await user.call('POST', `/oauth/users/${user.sub}/create-calendar`, {
        assistant_phone: '+14155550199',
        business_name: 'Rival Dental',
      });
      expect(stolen.status).toBe(403);
      expect(
        (await doc.send(new GetCommand({ TableName: tableName, Key: keys.botCalendar(user.sub) }))).Item,
      ).toBeUndefined();
      const own = await user.call('POST', `/oauth/users/${user.sub}/create-calendar`, {
        business_name: 'Rival Dental',
      });
      expect(own.status).toBe(200);
      expect(((await own.json()) as { calendar: Record<string, string> }).calendar).toMatchObject({
        business_name: 'Honest Nails',
        assistant_email: 'assistant14155550111@ringly.example',
      });
    });

    it("the beta waitlist takes the token's e-mail, not the body's", async () => {
      const user = await owner('beta-joiner');
      const someoneElse = friend('not-asked');
      const response = await user.call('POST', '/oauth/beta-waitlist', { email: someoneElse });
      expect(response.status).toBe(200);
      const entry = async (email: string) =>
        (await doc.send(new GetCommand({ TableName: tableName, Key: keys.waitlistEntry('BETA', email) })))
          .Item;
      expect(await entry(someoneElse)).toBeUndefined();
      expect(await entry(user.email)).toMatchObject({ user_id: user.sub, email: user.email });
    });
  });

  describe('§8 per-owner ceilings on what stores or costs', () => {
    it('OAuth states, feature-engagement answers and create-calendar answer 429 past their ceiling', async () => {
      const user = await owner('ceilings');
      await deps.data.businessConfigs.createConfig(user.sub, {
        business_name: 'Ceiling Salon',
        assistant_phone: '+14155550122',
      });
      await spend('oauthStates', user.sub);
      expect((await user.call('GET', '/oauth/google_calendar/auth')).status).toBe(429);

      await spend('featureEngagement', user.sub);
      const engagement = await user.call('POST', '/oauth/feature-engagement/interested', {
        feature_type: 'call_logs',
        feature_id: `id-${randomUUID()}`,
        feature_name: 'Call logs',
      });
      expect(engagement.status).toBe(429);

      await spend('createCalendar', user.sub);
      expect((await user.call('POST', `/oauth/users/${user.sub}/create-calendar`, {})).status).toBe(429);
      expect(
        (await doc.send(new GetCommand({ TableName: tableName, Key: keys.botCalendar(user.sub) }))).Item,
      ).toBeUndefined();
    });
  });
});
