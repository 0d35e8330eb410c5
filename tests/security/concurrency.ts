import { describe, expect, it } from 'vitest';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { MAX_PENDING_REFERRALS } from '../../shared/referrals';
import { SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createConfirmedUser, signInUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { send, type SuiteContext } from './support/suite-context';

const PARALLEL = 10;

/**
 * Issue 10 §11: the invariants about money, counts and ownership that the API enforces, each hit by ten
 * parallel requests: one number per owner, one config per owner, at most three pending referrals and one
 * per e-mail (issue 10 §5), and a sign-out that stays in force.
 */
export function concurrencyInvariants(ctx: SuiteContext) {
  const section = 'concurrency';
  const { services, summary, deps } = ctx;
  const record = (route: string, responses: Response[]) => {
    for (const response of responses) summary.record(section, route, response.status);
    expect(responses.every((r) => r.status < 500)).toBe(true);
  };

  describe(section, () => {
    it('ten parallel number purchases by one paying owner leave one number held', async () => {
      const racer = await createConfirmedUser(services, 'sec-phone');
      await deps.data.businessConfigs.createConfig(racer.sub, { business_name: 'Racing Salon' });
      await storeSubscription(deps, racer.sub, 'trialing');
      const numbers = localStockPage('646', 40, PARALLEL).map((n) => n.phone_number);
      const responses = await Promise.all(
        numbers.map((number) =>
          send(ctx, 'POST', `/oauth/users/${racer.sub}/assistant-phone`, racer.tokens.IdToken, {
            assistant_phone: number,
          }),
        ),
      );
      record('POST /oauth/users/{userId}/assistant-phone', responses);
      expect(numbers).toHaveLength(PARALLEL);
      expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(await deps.data.phoneReservations.heldBy(racer.sub)).toHaveLength(1);
    });

    it('ten parallel config creations leave one config', async () => {
      const user = await createConfirmedUser(services, 'sec-config');
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          send(ctx, 'POST', `/oauth/users/${user.sub}/config`, user.tokens.IdToken, SAMPLE_BUSINESS_INFO),
        ),
      );
      record('POST /oauth/users/{userId}/config', responses);
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      const ids = new Set(
        await Promise.all(
          responses
            .filter((r) => r.ok)
            .map(async (r) => ((await r.json()) as { business_id: string }).business_id),
        ),
      );
      expect(ids.size).toBe(1);
    });

    it(`ten parallel referrals keep at most ${MAX_PENDING_REFERRALS} pending, and one per e-mail`, async () => {
      const list = async (token: string) =>
        (
          (await (await send(ctx, 'GET', '/oauth/referrals/list', token)).json()) as {
            referrals: Array<{ referee_email: string; status: string }>;
          }
        ).referrals;
      const referrer = await createConfirmedUser(services, 'sec-referrer');
      const distinct = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          send(ctx, 'POST', '/oauth/referrals/create', referrer.tokens.IdToken, {
            referee_email: `friend${i}@example.com`,
          }),
        ),
      );
      record('POST /oauth/referrals/create', distinct);
      expect(distinct.filter((r) => r.status === 201)).toHaveLength(MAX_PENDING_REFERRALS);
      expect(await list(referrer.tokens.IdToken)).toHaveLength(MAX_PENDING_REFERRALS);

      const other = await createConfirmedUser(services, 'sec-referrer2');
      const same = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          send(ctx, 'POST', '/oauth/referrals/create', other.tokens.IdToken, {
            referee_email: 'same.friend@example.com',
          }),
        ),
      );
      record('POST /oauth/referrals/create', same);
      expect(same.filter((r) => r.status === 201)).toHaveLength(1);
      expect(await list(other.tokens.IdToken)).toHaveLength(1);
    });

    it('parallel sign-outs everywhere leave every earlier token refused', async () => {
      const user = await createConfirmedUser(services, 'sec-signouts');
      const sessions = await Promise.all(
        Array.from({ length: 4 }, () => signInUser(services.cognitoUrl, user.email, user.password)),
      );
      const responses = await Promise.all(
        sessions.map((s) =>
          send(ctx, 'POST', `/oauth/users/${user.sub}/sign-out`, s.IdToken, { everywhere: true }),
        ),
      );
      record('POST /oauth/users/{userId}/sign-out', responses);
      for (const s of [...sessions.map((x) => x.IdToken), user.tokens.IdToken]) {
        expect((await send(ctx, 'GET', `/oauth/users/${user.sub}/status`, s)).status).toBe(401);
      }
    });
  });
}
