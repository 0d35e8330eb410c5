import { describe, expect, it } from 'vitest';
import {
  AREA_CODES,
  CA_AREA_CODES,
  NUMBERS_PER_PAGE,
  SAMPLE_PHONE_NUMBERS,
  US_AREA_CODES,
  areaCodeFromPhone,
  areaCodesFor,
  defaultPhoneSearch,
} from './area-codes';

describe('areaCodeFromPhone (spec §5)', () => {
  it('takes the first three digits of a 10-digit number', () => {
    expect(areaCodeFromPhone('(212) 555-0100')).toBe('212');
    expect(areaCodeFromPhone('6045550100')).toBe('604');
  });

  it('drops the leading 1 of an 11-digit number', () => {
    expect(areaCodeFromPhone('+1 415 555 0100')).toBe('415');
    expect(areaCodeFromPhone('1-312-555-0100')).toBe('312');
  });

  it('yields nothing below 10 digits', () => {
    expect(areaCodeFromPhone('555-0100')).toBeUndefined();
    expect(areaCodeFromPhone('')).toBeUndefined();
    expect(areaCodeFromPhone(undefined)).toBeUndefined();
  });
});

describe('defaultPhoneSearch (spec §2 step 4)', () => {
  it('defaults to US and 415 without a usable phone', () => {
    expect(defaultPhoneSearch(undefined)).toEqual({ country: 'US', areaCode: '415' });
    expect(defaultPhoneSearch('12345')).toEqual({ country: 'US', areaCode: '415' });
  });

  it('follows the config phone, with the country from the built-in list', () => {
    expect(defaultPhoneSearch('+16045550100')).toEqual({ country: 'CA', areaCode: '604' });
    expect(defaultPhoneSearch('+12125550100')).toEqual({ country: 'US', areaCode: '212' });
  });
});

describe('built-in area-code list', () => {
  it('holds about 70 US and 40 Canadian codes, each unique and 3 digits', () => {
    expect(US_AREA_CODES.length).toBeGreaterThanOrEqual(65);
    expect(CA_AREA_CODES.length).toBeGreaterThanOrEqual(38);
    const codes = AREA_CODES.map((a) => a.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const a of AREA_CODES) {
      expect(a.code).toMatch(/^[2-9]\d{2}$/);
      expect(a.location).not.toBe('');
    }
  });

  it('filters by country', () => {
    expect(areaCodesFor('CA').every((a) => a.country === 'CA')).toBe(true);
    expect(areaCodesFor('CA').some((a) => a.code === '416')).toBe(true);
    expect(areaCodesFor('US').some((a) => a.code === '416')).toBe(false);
  });
});

describe('sample numbers', () => {
  it('are one page of numbers at $15/mo', () => {
    expect(SAMPLE_PHONE_NUMBERS).toHaveLength(NUMBERS_PER_PAGE);
    for (const n of SAMPLE_PHONE_NUMBERS) {
      expect(n.price).toBe('$15/mo');
      expect(n.phone_number).toMatch(/^\+1\d{10}$/);
    }
  });
});
