import { describe, expect, it } from 'vitest';
import { PHONE_NUMBER_MESSAGES } from '../../shared/phone-numbers';
import { USER_QUOTAS } from '../../backend/src/platform/quotas/user-quotas';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { awayFromWindowEnd } from '../support/rate-window';

const SEARCH = '/oauth/phone-numbers/available?country=US&area_code=415&limit=3';
const { limit, windowSeconds } = USER_QUOTAS.numberSearch;

/** Each number search is a call to the telephony provider's API: a per-owner ceiling like the other costly routes. */
describe('number search: a per-owner limit that says when to try again', async () => {
  const { app, services } = await createTestApp();
  const [owner, neighbour] = await Promise.all([
    createConfirmedUser(services, 'search-owner'),
    createConfirmedUser(services, 'search-neighbour'),
  ]);
  const search = (token: string) => app.request(SEARCH, { headers: { Authorization: `Bearer ${token}` } });

  it(`answers ${limit} parallel-burst searches and refuses the rest with 429, Retry-After and the wait in words`, async () => {
    await awayFromWindowEnd(windowSeconds);
    const responses = await Promise.all(
      Array.from({ length: limit + 10 }, () => search(owner.tokens.IdToken)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);

    const refused = responses.find((r) => r.status === 429)!;
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(await refused.json()).toEqual({
      error: 'too_many_requests',
      message: PHONE_NUMBER_MESSAGES.searchLimited(retryAfter),
      details: { retry_after_seconds: retryAfter },
    });

    // The access token of the same owner counts against the same ceiling.
    expect((await search(owner.tokens.AccessToken)).status).toBe(429);
  });

  it("is per owner: another owner's searches still go through", async () => {
    const response = await search(neighbour.tokens.IdToken);
    expect(response.status).toBe(200);
  });
});
