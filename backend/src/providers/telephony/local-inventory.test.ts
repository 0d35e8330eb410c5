import { describe, expect, it } from 'vitest';
import { AREA_CODES, SAMPLE_PHONE_NUMBERS } from '@shared/area-codes';
import { LAST_NUMBER_AREA_CODES, localInventory } from './local-inventory';

describe('local number inventory', () => {
  it('lists the same numbers for the same area code every time', () => {
    expect(localInventory('415')).toEqual(localInventory('415'));
    // Seeded by the code: another area code is not the same line numbers under a new prefix.
    const lines = (code: string) => localInventory(code).map((n) => n.phone_number.slice(-4));
    expect(lines('415')).not.toEqual(lines('212'));
  });

  it('gives every listed area code its own valid, distinct numbers with locality and region', () => {
    for (const areaCode of AREA_CODES) {
      const stock = localInventory(areaCode.code);
      expect(stock.length).toBeGreaterThanOrEqual(1);
      expect(new Set(stock.map((n) => n.phone_number)).size).toBe(stock.length);
      for (const n of stock) {
        expect(n.phone_number).toMatch(new RegExp(`^\\+1${areaCode.code}55501[1-9]\\d$`));
        expect(n.friendly_name).toBe(`(${areaCode.code}) 555-${n.phone_number.slice(-4)}`);
        expect(`${n.locality}, ${n.region}`).toBe(areaCode.location);
      }
    }
  });

  it('has exactly one number left in the small markets and several elsewhere', () => {
    for (const code of LAST_NUMBER_AREA_CODES) expect(localInventory(code)).toHaveLength(1);
    expect(localInventory('415').length).toBeGreaterThanOrEqual(4);
    expect(localInventory('416').length).toBeGreaterThanOrEqual(4);
  });

  it('has nothing for an area code outside the built-in list', () => {
    expect(localInventory('999')).toEqual([]);
    expect(localInventory('')).toEqual([]);
  });

  it('never stocks the sample numbers shown when the lookup fails', () => {
    const stocked = new Set(localInventory('415').map((n) => n.phone_number));
    for (const sample of SAMPLE_PHONE_NUMBERS) expect(stocked.has(sample.phone_number)).toBe(false);
  });
});
