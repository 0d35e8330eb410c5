import { describe, expect, it } from 'vitest';
import { AREA_CODES, SAMPLE_PHONE_NUMBERS } from '@shared/area-codes';
import {
  LAST_NUMBER_AREA_CODES,
  STOCK_PER_AREA_CODE,
  isInLocalStock,
  localStockPage,
} from './local-inventory';

const lines = (code: string, count = 20) =>
  localStockPage(code, 0, count).map((n) => n.phone_number.slice(-4));

describe('local number inventory', () => {
  it('lists the same numbers in the same order for the same area code every time', () => {
    expect(localStockPage('415', 0, 50)).toEqual(localStockPage('415', 0, 50));
    expect(localStockPage('415', 10, 5)).toEqual(localStockPage('415', 0, 15).slice(10));
    // Seeded by the code: another area code is not the same line numbers under a new prefix.
    expect(lines('415')).not.toEqual(lines('212'));
  });

  it('gives every listed area code valid numbers with locality and region, fiction lines first', () => {
    for (const areaCode of AREA_CODES) {
      const stock = localStockPage(areaCode.code, 0, 95);
      expect(stock.length).toBeGreaterThanOrEqual(1);
      for (const [index, n] of stock.entries()) {
        expect(n.phone_number).toMatch(new RegExp(`^\\+1${areaCode.code}555\\d{4}$`));
        if (index < 90) expect(n.phone_number).toMatch(/55501[1-9]\d$/);
        expect(n.friendly_name).toBe(`(${areaCode.code}) 555-${n.phone_number.slice(-4)}`);
        expect(`${n.locality}, ${n.region}`).toBe(areaCode.location);
        expect(isInLocalStock(n.phone_number)).toBe(true);
      }
    }
  });

  it('holds thousands of distinct numbers per area code, never the reserved 555 lines', () => {
    const all = localStockPage('415', 0, STOCK_PER_AREA_CODE + 10);
    expect(all).toHaveLength(STOCK_PER_AREA_CODE);
    expect(STOCK_PER_AREA_CODE).toBeGreaterThan(9000);
    const numbers = new Set(all.map((n) => n.phone_number));
    expect(numbers.size).toBe(all.length);
    for (const reserved of ['+14155551212', '+14155554334', '+14155550100', '+14155550101']) {
      expect(numbers.has(reserved)).toBe(false);
      expect(isInLocalStock(reserved)).toBe(false);
    }
  });

  it('has exactly one number in the small markets, so step 4 shows Last Available there', () => {
    for (const code of LAST_NUMBER_AREA_CODES) {
      const only = localStockPage(code, 0, 10);
      expect(only).toHaveLength(1);
      expect(localStockPage(code, 1, 10)).toEqual([]);
      expect(isInLocalStock(only[0]!.phone_number)).toBe(true);
      const other = only[0]!.phone_number.endsWith('0150') ? '0151' : '0150';
      expect(isInLocalStock(`+1${code}555${other}`)).toBe(false);
    }
  });

  it('has nothing for an area code outside the built-in list', () => {
    expect(localStockPage('999', 0, 3)).toEqual([]);
    expect(localStockPage('', 0, 3)).toEqual([]);
    expect(isInLocalStock('+19995550150')).toBe(false);
    expect(isInLocalStock('+14155550150x')).toBe(false);
  });

  it('never stocks the sample numbers shown when the lookup fails', () => {
    for (const sample of SAMPLE_PHONE_NUMBERS) expect(isInLocalStock(sample.phone_number)).toBe(false);
  });
});
