import { describe, expect, it } from 'vitest';
import { createLocalPlaces } from './local-places';

const places = createLocalPlaces();

describe('local places directory', () => {
  it('finds a business by the start of its words, in any case and order', async () => {
    const results = await places.search({ business_name: 'bella hair' });
    expect(results.map((r) => r.name)).toEqual(['Bella Vista Hair Studio']);
    expect(results[0]).toMatchObject({
      address: '1234 Valencia St, San Francisco, CA 94110, USA',
      website: 'https://bellavistahair.example',
      phone: '+1 415-555-0134',
      rating: 4.7,
    });
    expect(results[0]!.hours).toHaveLength(7);
    expect((await places.search({ business_name: 'STUDIO VISTA' })).map((r) => r.name)).toEqual([
      'Bella Vista Hair Studio',
    ]);
  });

  it('narrows by address and finds nothing it does not know', async () => {
    expect(await places.search({ business_name: 'Bella Vista', address: 'San Francisco, CA' })).toHaveLength(
      1,
    );
    expect(await places.search({ business_name: 'Bella Vista', address: 'Miami, FL' })).toEqual([]);
    expect(await places.search({ business_name: "Joe's Unknown Diner" })).toEqual([]);
  });

  it('gives details by place id, and nothing for an unknown id', async () => {
    const [found] = await places.search({ business_name: 'Maple Leaf Plumbing' });
    expect((await places.details(found!.place_id))?.address).toContain('Toronto, ON');
    expect(await places.details('no-such-place')).toBeUndefined();
  });
});
