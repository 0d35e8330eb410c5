import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const json = (token: string, body: unknown) => ({
  method: 'POST',
  headers: { ...bearer(token), 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
const phonePath = (userId: string) => `/oauth/users/${userId}/assistant-phone`;
type Listed = { numbers: Array<{ phone_number: string; friendly_name: string; locality?: string }> };

describe('phone numbers: search and reservation over DynamoDB Local with real tokens', async () => {
  const { app, doc, tableName, deps, services } = await createTestApp();
  const [owner, rival, stranger] = await Promise.all([
    createConfirmedUser(services, 'phone-owner'),
    createConfirmedUser(services, 'phone-rival'),
    createConfirmedUser(services, 'phone-stranger'),
  ]);
  for (const user of [owner, rival]) {
    await deps.data.businessConfigs.createConfig(user.sub, { business_name: `Salon ${user.email}` });
    await storeSubscription(deps, user.sub, 'trialing');
  }
  const search = async (query: string, token = owner.tokens.IdToken) => {
    const response = await app.request(`/oauth/phone-numbers/available${query}`, { headers: bearer(token) });
    return { status: response.status, body: (await response.json()) as Listed & { message?: string } };
  };
  const storedConfig = async (userId: string) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: keys.businessConfig(userId) }))).Item;
  const reservation = async (phoneNumber: string) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: keys.phoneReservation(phoneNumber) }))).Item;

  it('needs a token to search', async () => {
    const response = await app.request('/oauth/phone-numbers/available');
    expect(response.status).toBe(401);
  });

  it('defaults to three US numbers, and follows area code and limit', async () => {
    const defaults = await search('');
    expect(defaults.status).toBe(200);
    expect(defaults.body.numbers).toHaveLength(3);
    expect(defaults.body.numbers.every((n) => /^\+1\d{10}$/.test(n.phone_number))).toBe(true);

    const sf = await search('?area_code=415&country=US');
    expect(sf.body.numbers).toEqual(localStockPage('415', 0, 3));

    const more = await search('?area_code=415&limit=4');
    expect(more.body.numbers).toHaveLength(4);
    const toronto = await search('?country=CA&locality=Toronto&limit=2');
    expect(toronto.body.numbers.map((n) => n.locality)).toEqual(['Toronto', 'Toronto']);
  });

  it('lists the one number left in a small market and nothing for an unknown code or the wrong country', async () => {
    expect((await search('?area_code=907')).body.numbers).toHaveLength(1);
    expect((await search('?area_code=999')).body.numbers).toEqual([]);
    expect((await search('?area_code=604&country=US')).body.numbers).toEqual([]);
  });

  it('refuses invalid search parameters with a 400 naming the field', async () => {
    for (const query of ['?area_code=41', '?country=FR', '?limit=0', '?limit=abc']) {
      const result = await search(query);
      expect(result.status, query).toBe(400);
      expect(result.body.message, query).toMatch(/^Invalid request: (area_code|country|limit)/);
    }
  });

  it('answers 404 with the spec text when the owner has no config yet, and reserves nothing', async () => {
    const number = localStockPage('212', 0, 1)[0]!.phone_number;
    const response = await app.request(
      phonePath(stranger.sub),
      json(stranger.tokens.IdToken, { assistant_phone: number }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'Business configuration not found. Please complete previous steps first.',
    });
    expect(await reservation(number)).toBeUndefined();
  });

  it('answers 402 to an owner without an active or trialing subscription, and reserves nothing', async () => {
    const number = localStockPage('213', 0, 1)[0]!.phone_number;
    await deps.data.businessConfigs.createConfig(stranger.sub, { business_name: 'Unpaid Salon' });
    for (const status of [undefined, 'past_due', 'canceled', 'unpaid'] as const) {
      if (status) await storeSubscription(deps, stranger.sub, status);
      const response = await app.request(
        phonePath(stranger.sub),
        json(stranger.tokens.IdToken, { assistant_phone: number }),
      );
      expect(response.status, String(status)).toBe(402);
      expect(await response.json()).toEqual({
        error: 'subscription_required',
        message: 'An active subscription or free trial is required for this. Choose a plan to continue.',
      });
    }
    expect(await reservation(number)).toBeUndefined();
    expect((await storedConfig(stranger.sub))?.assistant_phone).toBeUndefined();
    // The number search stays open: setup can be explored before paying.
    expect((await search('?area_code=213', stranger.tokens.IdToken)).status).toBe(200);
  });

  it("answers 403 on another owner's path and changes nothing", async () => {
    const number = localStockPage('212', 0, 1)[0]!.phone_number;
    const response = await app.request(
      phonePath(rival.sub),
      json(owner.tokens.IdToken, { assistant_phone: number }),
    );
    expect(response.status).toBe(403);
    expect((await storedConfig(rival.sub))?.assistant_phone).toBeUndefined();
    expect(await reservation(number)).toBeUndefined();
  });

  it('refuses a malformed number with a 400 and stores nothing', async () => {
    for (const assistant_phone of ['415-555-0123', '+4420794600', '']) {
      const response = await app.request(
        phonePath(owner.sub),
        json(owner.tokens.IdToken, { assistant_phone }),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('validation_error');
    }
    expect((await storedConfig(owner.sub))?.assistant_phone).toBeUndefined();
  });

  it('gives a number to exactly one of two owners picking it at once; it then leaves the listing', async () => {
    const contested = localStockPage('312', 0, 1)[0]!.phone_number;
    const [a, b] = await Promise.all(
      [owner, rival].map((user) =>
        app.request(phonePath(user.sub), json(user.tokens.IdToken, { assistant_phone: contested })),
      ),
    );
    const statuses = [a!.status, b!.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a!.status === 409 ? a! : b!;
    expect((await loser.json()).message).toBe(
      'This phone number was just taken by another business. Please choose another number.',
    );
    const winner = a!.status === 200 ? owner : rival;
    const other = winner === owner ? rival : owner;
    expect((await storedConfig(winner.sub))?.assistant_phone).toBe(contested);
    expect((await storedConfig(other.sub))?.assistant_phone).toBeUndefined();
    expect(await reservation(contested)).toMatchObject({ owner_id: winner.sub, status: 'active' });

    const listed = (await search('?area_code=312&limit=20')).body.numbers.map((n) => n.phone_number);
    expect(listed).not.toContain(contested);
    // The next free number fills the page in its place.
    expect(listed).toEqual(
      localStockPage('312', 0, 21)
        .map((n) => n.phone_number)
        .filter((n) => n !== contested),
    );
  });

  it('re-picking releases the number held before, which is listed again', async () => {
    const [first, second] = localStockPage('617', 0, 2).map((n) => n.phone_number);
    const pick = (number: string) =>
      app.request(phonePath(rival.sub), json(rival.tokens.IdToken, { assistant_phone: number }));

    const picked = await pick(first!);
    expect(picked.status).toBe(200);
    // The spec's fields, and the config holding the number (decision 165).
    expect(await picked.json()).toEqual({
      assistant_phone: first,
      message: 'Assistant phone number saved',
      config: expect.objectContaining({ assistant_phone: first }),
    });
    expect((await search('?area_code=617&limit=20')).body.numbers.map((n) => n.phone_number)).not.toContain(
      first,
    );

    expect((await pick(second!)).status).toBe(200);
    expect((await storedConfig(rival.sub))?.assistant_phone).toBe(second);
    expect(await reservation(first!)).toBeUndefined();
    expect(await reservation(second!)).toMatchObject({ owner_id: rival.sub, status: 'active' });
    const listed = (await search('?area_code=617&limit=20')).body.numbers.map((n) => n.phone_number);
    expect(listed).toContain(first);
    expect(listed).not.toContain(second);
    expect((await deps.data.phoneReservations.heldBy(rival.sub)).map((r) => r.phone_number)).toEqual([
      second,
    ]);

    // Picking the same number again is a no-op that still answers 200.
    expect((await pick(second!)).status).toBe(200);
    expect((await deps.data.phoneReservations.heldBy(rival.sub)).map((r) => r.phone_number)).toEqual([
      second,
    ]);
  });

  it('answers 409 for a number that is not in stock and keeps no claim on it', async () => {
    const response = await app.request(
      phonePath(owner.sub),
      json(owner.tokens.IdToken, { assistant_phone: '+14155550101' }),
    );
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(
      'This phone number is no longer available. Please choose another number.',
    );
    expect(await reservation('+14155550101')).toBeUndefined();
  });

  it('ten parallel picks of different numbers by one owner leave exactly one number held (money invariant)', async () => {
    const racer = await createConfirmedUser(services, 'phone-racer');
    await deps.data.businessConfigs.createConfig(racer.sub, { business_name: 'Racing Salon' });
    await storeSubscription(deps, racer.sub, 'trialing');
    const numbers = localStockPage('646', 0, 10).map((n) => n.phone_number);
    expect(numbers).toHaveLength(10);
    const responses = await Promise.all(
      numbers.map((number) =>
        app.request(phonePath(racer.sub), json(racer.tokens.IdToken, { assistant_phone: number })),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const held = await deps.data.phoneReservations.heldBy(racer.sub);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ status: 'active' });
    expect((await storedConfig(racer.sub))?.assistant_phone).toBe(held[0]!.phone_number);
    // Every other number is free again: no claim is left behind.
    for (const number of numbers.filter((n) => n !== held[0]!.phone_number)) {
      expect(await reservation(number), number).toBeUndefined();
    }
  });

  it('limits purchases to 5 a day per owner (429), and keeps no claim past the limit', async () => {
    const buyer = await createConfirmedUser(services, 'phone-buyer');
    await deps.data.businessConfigs.createConfig(buyer.sub, { business_name: 'Busy Salon' });
    await storeSubscription(deps, buyer.sub, 'trialing');
    const numbers = localStockPage('718', 0, 6).map((n) => n.phone_number);
    for (const number of numbers.slice(0, 5)) {
      const ok = await app.request(
        phonePath(buyer.sub),
        json(buyer.tokens.IdToken, { assistant_phone: number }),
      );
      expect(ok.status, number).toBe(200);
    }
    const sixth = await app.request(
      phonePath(buyer.sub),
      json(buyer.tokens.IdToken, { assistant_phone: numbers[5] }),
    );
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error).toBe('too_many_requests');
    expect(await reservation(numbers[5]!)).toBeUndefined();
    expect((await storedConfig(buyer.sub))?.assistant_phone).toBe(numbers[4]);
    expect((await deps.data.phoneReservations.heldBy(buyer.sub)).map((r) => r.phone_number)).toEqual([
      numbers[4],
    ]);
  });

  it('a release that failed at the provider is kept and retried by the next change, so nothing is left behind', async () => {
    const mover = await createConfirmedUser(services, 'phone-mover');
    await deps.data.businessConfigs.createConfig(mover.sub, { business_name: 'Moving Salon' });
    await storeSubscription(deps, mover.sub, 'trialing');
    const [first, second, third] = localStockPage('305', 0, 3).map((n) => n.phone_number);
    const pick = (number: string) =>
      app.request(phonePath(mover.sub), json(mover.tokens.IdToken, { assistant_phone: number }));
    expect((await pick(first!)).status).toBe(200);

    const telephony = deps.providers.telephony;
    const released: string[] = [];
    deps.providers.telephony = {
      ...telephony,
      name: telephony.name,
      searchAvailable: (search) => telephony.searchAvailable(search),
      purchase: (request) => telephony.purchase(request),
      release: async () => {
        throw new Error('provider outage');
      },
    };
    try {
      expect((await pick(second!)).status).toBe(200);
    } finally {
      deps.providers.telephony = {
        ...telephony,
        name: telephony.name,
        searchAvailable: (search) => telephony.searchAvailable(search),
        purchase: (request) => telephony.purchase(request),
        release: async (sid) => {
          released.push(sid);
          await telephony.release(sid);
        },
      };
    }
    // The old number is still recorded (it still costs money), and not offered to anyone else.
    expect(await reservation(first!)).toMatchObject({ owner_id: mover.sub, status: 'releasing' });
    expect(await deps.data.phoneReservations.claim(rival.sub, first!)).toEqual({ outcome: 'taken' });

    expect((await pick(third!)).status).toBe(200);
    expect(released).toHaveLength(2);
    expect(await reservation(first!)).toBeUndefined();
    expect(await reservation(second!)).toBeUndefined();
    expect((await deps.data.phoneReservations.heldBy(mover.sub)).map((r) => r.phone_number)).toEqual([third]);
    deps.providers.telephony = telephony;
  });
});
