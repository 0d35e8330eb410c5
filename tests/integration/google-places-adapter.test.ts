import { afterAll, describe, expect, it } from 'vitest';
import { PlacesError } from '../../backend/src/providers/places/port';
import { createGooglePlaces } from '../../backend/src/providers/places/google';
import { startFakeGooglePlaces, type FakePlace } from '../fakes/google-places/fake-google-places';

const bakery: FakePlace = {
  id: 'ChIJbakery123',
  displayName: { text: 'Tartine Bakery', languageCode: 'en' },
  formattedAddress: '600 Guerrero St, San Francisco, CA 94110, USA',
  websiteUri: 'https://tartine.example/',
  internationalPhoneNumber: '+1 415-555-0199',
  nationalPhoneNumber: '(415) 555-0199',
  regularOpeningHours: { weekdayDescriptions: ['Monday: 8:00 AM – 5:00 PM', 'Tuesday: 8:00 AM – 5:00 PM'] },
  rating: 4.6,
};
const otherTartine: FakePlace = {
  id: 'ChIJother456',
  displayName: { text: 'Tartine Manufactory' },
  formattedAddress: '595 Alabama St, San Francisco, CA 94110, USA',
};

describe('Google Places adapter against a fake of Places API (New)', async () => {
  const fake = await startFakeGooglePlaces({ apiKey: 'places-key', places: [bakery, otherTartine] });
  afterAll(() => fake.close());
  const places = createGooglePlaces({ apiKey: 'places-key', baseUrl: fake.baseUrl });

  it('searches by name and address with a field mask, mapping the answer to our fields', async () => {
    const results = await places.search({ business_name: 'Tartine Bakery', address: 'San Francisco' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/places:searchText',
      apiKey: 'places-key',
      body: { textQuery: 'Tartine Bakery, San Francisco', pageSize: 5 },
    });
    expect(fake.requests.at(-1)!.fieldMask).toContain('places.regularOpeningHours.weekdayDescriptions');
    expect(results).toEqual([
      {
        place_id: 'ChIJbakery123',
        name: 'Tartine Bakery',
        address: '600 Guerrero St, San Francisco, CA 94110, USA',
        website: 'https://tartine.example/',
        phone: '+1 415-555-0199',
        hours: ['Monday: 8:00 AM – 5:00 PM', 'Tuesday: 8:00 AM – 5:00 PM'],
        rating: 4.6,
      },
    ]);
    expect((await places.search({ business_name: 'Tartine' })).map((r) => r.place_id)).toEqual([
      'ChIJbakery123',
      'ChIJother456',
    ]);
    expect(await places.search({ business_name: 'Nowhere Diner' })).toEqual([]);
  });

  it('reads details by id, and answers undefined for an unknown place', async () => {
    const details = await places.details('ChIJother456');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/places/ChIJother456' });
    expect(details).toMatchObject({
      name: 'Tartine Manufactory',
      address: '595 Alabama St, San Francisco, CA 94110, USA',
    });
    expect(details?.website).toBeUndefined();
    expect(await places.details('ChIJmissing')).toBeUndefined();
  });

  it('maps a spent quota to 429 and a bad key or outage to 502', async () => {
    fake.setQuotaExhausted(true);
    await expect(places.search({ business_name: 'Tartine' })).rejects.toMatchObject({ status: 429 });
    fake.setQuotaExhausted(false);
    const badKey = createGooglePlaces({ apiKey: 'wrong', baseUrl: fake.baseUrl });
    const error = await badKey.search({ business_name: 'Tartine' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacesError);
    expect((error as PlacesError).status).toBe(502);
    const unreachable = createGooglePlaces({ apiKey: 'places-key', baseUrl: 'http://127.0.0.1:1' });
    await expect(unreachable.details('x')).rejects.toMatchObject({ status: 502 });
  });
});
