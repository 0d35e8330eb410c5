import { describe, expect, it } from 'vitest';
import { localStockPage } from './local-inventory';
import { createLocalTelephony } from './local-telephony';
import { NumberUnavailableError } from '../../providers/telephony/port';

/** Who holds what, in memory: the route's DynamoDB reservations are covered by the integration tests. */
const withHeld = (held: Iterable<string>) => {
  const holding = new Set(held);
  return createLocalTelephony({
    heldAmong: async (numbers) => new Set(numbers.filter((n) => holding.has(n))),
  });
};

describe('local telephony provider', () => {
  it('answers an area-code search with the first numbers of its stock, up to the limit', async () => {
    const found = await withHeld([]).searchAvailable({ country: 'US', areaCode: '415', limit: 3 });
    expect(found).toEqual(localStockPage('415', 0, 3));
  });

  it('leaves out held numbers and fills the page from the rest of the stock', async () => {
    const stock = localStockPage('415', 0, 4);
    const found = await withHeld([stock[0]!.phone_number]).searchAvailable({
      country: 'US',
      areaCode: '415',
      limit: 3,
    });
    expect(found).toEqual(stock.slice(1, 4));
  });

  it('still shows three numbers for the default area code after hundreds of owners took numbers', async () => {
    const taken = localStockPage('415', 0, 500).map((n) => n.phone_number);
    const found = await withHeld(taken).searchAvailable({ country: 'US', areaCode: '415', limit: 3 });
    expect(found).toEqual(localStockPage('415', 500, 3));
  });

  it('finds nothing for an area code of the other country or outside the list', async () => {
    const telephony = withHeld([]);
    expect(await telephony.searchAvailable({ country: 'US', areaCode: '604', limit: 3 })).toEqual([]);
    expect(await telephony.searchAvailable({ country: 'CA', areaCode: '999', limit: 3 })).toEqual([]);
  });

  it('offers the one number of a small market once, and nothing once it is held', async () => {
    const [only] = localStockPage('907', 0, 1);
    expect(await withHeld([]).searchAvailable({ country: 'US', areaCode: '907', limit: 3 })).toEqual([only]);
    expect(
      await withHeld([only!.phone_number]).searchAvailable({ country: 'US', areaCode: '907', limit: 3 }),
    ).toEqual([]);
  });

  it('narrows by region and locality across area codes', async () => {
    const found = await withHeld([]).searchAvailable({ country: 'CA', locality: 'toronto', limit: 30 });
    const areaCodes = new Set(found.map((n) => n.phone_number.slice(2, 5)));
    expect(found).toHaveLength(30);
    expect(areaCodes.has('416')).toBe(true);
    expect(found.every((n) => n.locality === 'Toronto')).toBe(true);
    const inBc = await withHeld([]).searchAvailable({ country: 'CA', region: 'BC', limit: 5 });
    expect(inBc).toHaveLength(5);
    expect(inBc.every((n) => n.region === 'BC')).toBe(true);
  });

  it('buys only numbers in stock, with a stable Twilio-shaped sid', async () => {
    const telephony = withHeld([]);
    const number = localStockPage('212', 0, 1)[0]!.phone_number;
    const request = {
      phoneNumber: number,
      voiceUrl: 'http://api/v',
      smsUrl: 'http://api/s',
      statusCallbackUrl: 'http://api/v/status',
    };
    const { sid } = await telephony.purchase(request);
    expect(sid).toMatch(/^PN[0-9a-f]{32}$/);
    expect((await telephony.purchase(request)).sid).toBe(sid);
    await expect(telephony.purchase({ ...request, phoneNumber: '+14155550101' })).rejects.toBeInstanceOf(
      NumberUnavailableError,
    );
  });
});
