import { describe, expect, it } from 'vitest';
import { serviceSuggestions } from './service-suggestions';

describe('serviceSuggestions: the description’s prices as services to add', () => {
  const description =
    'Sunset Cuts is a friendly salon. Haircuts start at $45, and a 90-minute balayage is $150. ' +
    "Men's cuts are $30. Color from $80+. We also do blowouts for $35. Kids cut $20 and beard trims $15. " +
    'A 2 hour keratin treatment costs $1,200.50. Open late on Thursdays.';

  it('reads the name, the price, "from" prices and a stated length from each priced clause', () => {
    expect(serviceSuggestions(description, []).map(({ source: _, ...s }) => s)).toEqual([
      { name: 'Haircut', price_kind: 'from', price_cents: 4500, duration_minutes: 30 },
      { name: 'Balayage', price_kind: 'fixed', price_cents: 15000, duration_minutes: 90 },
      { name: "Men's cut", price_kind: 'fixed', price_cents: 3000, duration_minutes: 30 },
      { name: 'Color', price_kind: 'from', price_cents: 8000, duration_minutes: 30 },
      { name: 'Blowout', price_kind: 'fixed', price_cents: 3500, duration_minutes: 30 },
      { name: 'Kids cut', price_kind: 'fixed', price_cents: 2000, duration_minutes: 30 },
      { name: 'Beard trim', price_kind: 'fixed', price_cents: 1500, duration_minutes: 30 },
      { name: 'Keratin treatment', price_kind: 'fixed', price_cents: 120050, duration_minutes: 120 },
    ]);
  });

  it('leaves out services that exist already, by name in either number, and repeats', () => {
    const names = serviceSuggestions(`${description} Haircuts are $45.`, ['haircuts', 'Blowout']).map(
      (s) => s.name,
    );
    expect(names).not.toContain('Haircut');
    expect(names).not.toContain('Blowout');
    expect(new Set(names).size).toBe(names.length);
  });

  it('suggests nothing without a priced service', () => {
    expect(serviceSuggestions(undefined, [])).toEqual([]);
    expect(serviceSuggestions('Our prices are fair. Call us!', [])).toEqual([]);
    expect(serviceSuggestions('Everything is $20.', [])).toEqual([]);
  });
});
