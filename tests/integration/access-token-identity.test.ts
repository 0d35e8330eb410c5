import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_PATH } from '../../shared/account-deletion';
import { REFERRAL_ERRORS } from '../../shared/referrals';
import type { Referral } from '../../shared/schemas/referral';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

type Owner = Awaited<ReturnType<typeof createConfirmedUser>>;
const TOKEN_KINDS = ['IdToken', 'AccessToken'] as const;
const friend = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Every check that compares a request with the owner's identity answers the same with the ID token and with
 * the access token, which carries no e-mail and no custom attributes (docs/decisions/158).
 */
describe('identity checks: the same answer with an ID token and an access token', async () => {
  const { app, doc, tableName, services } = await createTestApp();
  const call = (
    owner: Owner,
    kind: (typeof TOKEN_KINDS)[number],
    method: string,
    path: string,
    body?: unknown,
  ) =>
    app.request(path, {
      method,
      headers: { Authorization: `Bearer ${owner.tokens[kind]}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const stored = async (key: { pk: string; sk: string }) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: key }))).Item;

  describe.each(TOKEN_KINDS)('with the %s', (kind) => {
    it('refuses a referral of the owner’s own e-mail (any casing) with 400', async () => {
      const owner = await createConfirmedUser(services, `self-${kind}`);
      for (const email of [owner.email, `  ${owner.email.toUpperCase()} `]) {
        const response = await call(owner, kind, 'POST', '/oauth/referrals/create', { referee_email: email });
        expect(response.status, email).toBe(400);
        expect(await response.json()).toMatchObject({ message: REFERRAL_ERRORS.selfReferral });
      }
      const list = await call(owner, kind, 'GET', '/oauth/referrals/list');
      expect(((await list.json()) as { referrals: Referral[] }).referrals).toEqual([]);
    });

    it('signs the referral with the business name the account holds', async () => {
      const owner = await createConfirmedUser(services, `named-${kind}`, {
        'custom:business_name': 'Harbor Dental',
      });
      const response = await call(owner, kind, 'POST', '/oauth/referrals/create', {
        referee_email: friend('friend'),
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { referral: Referral }).referral.referrer_name).toBe(
        'Harbor Dental',
      );
    });

    it("tracks a referee's sign-up under the account's e-mail, and refuses the owner's own code", async () => {
      const referrer = await createConfirmedUser(services, `referrer-${kind}`);
      const link = (await (await call(referrer, 'IdToken', 'GET', '/oauth/referrals/link')).json()) as {
        referral_code: string;
      };
      const own = await call(referrer, kind, 'POST', '/oauth/referrals/track-signup', {
        referral_code: link.referral_code,
        user_id: referrer.sub,
      });
      expect(own.status).toBe(400);
      expect(await own.json()).toMatchObject({ message: REFERRAL_ERRORS.selfReferral });

      const referee = await createConfirmedUser(services, `referee-${kind}`);
      const tracked = await call(referee, kind, 'POST', '/oauth/referrals/track-signup', {
        referral_code: link.referral_code,
        user_id: referee.sub,
      });
      expect(tracked.status).toBe(200);
      const referrals = (await (await call(referrer, 'IdToken', 'GET', '/oauth/referrals/list')).json()) as {
        referrals: Referral[];
      };
      expect(referrals.referrals.map((r) => r.referee_email)).toEqual([referee.email.toLowerCase()]);
    });

    it("joins the beta waitlist under the account's e-mail, never the body's", async () => {
      const owner = await createConfirmedUser(services, `beta-${kind}`);
      const response = await call(owner, kind, 'POST', '/oauth/beta-waitlist', { email: friend('other') });
      expect(response.status).toBe(200);
      expect(await stored(keys.waitlistEntry('BETA', owner.email))).toMatchObject({
        user_id: owner.sub,
        email: owner.email,
      });
    });

    it("offers the account's e-mail as the notifications address", async () => {
      const owner = await createConfirmedUser(services, `notify-${kind}`);
      const response = await call(owner, kind, 'GET', `/oauth/users/${owner.sub}/notifications`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ email: owner.email });
    });

    it("erases the account's e-mail-keyed entries when the account is deleted", async () => {
      const owner = await createConfirmedUser(services, `erase-${kind}`);
      expect((await call(owner, 'IdToken', 'POST', '/oauth/beta-waitlist', {})).status).toBe(200);
      expect(await stored(keys.waitlistEntry('BETA', owner.email))).toBeDefined();
      const deleted = await call(
        owner,
        kind,
        'DELETE',
        ACCOUNT_DELETION_PATH.replace('{userId}', owner.sub),
        {
          confirmation: 'DELETE',
        },
      );
      expect(deleted.status).toBe(200);
      expect(await stored(keys.waitlistEntry('BETA', owner.email))).toBeUndefined();
    });
  });
});
