import { describe, expect, it } from 'vitest';
import {
  areaCodeOfPhone,
  formatPhone,
  isNorthAmericanPhone,
  isPhone,
  isSamePhone,
  parsePhone,
  phoneDigits,
  phoneTelHref,
  toE164Phone,
} from './phone-number';

describe('parsePhone', () => {
  it('reads US and Canadian numbers, with or without +1', () => {
    expect(parsePhone('+14155550142')).toMatchObject({
      e164: '+14155550142',
      callingCode: '1',
      country: 'US',
      national: '4155550142',
      valid: true,
    });
    expect(parsePhone('+16045550199')).toMatchObject({ e164: '+16045550199', country: 'CA', valid: true });
    expect(parsePhone('4155550142')?.e164).toBe('+14155550142');
    expect(parsePhone('14155550142')?.e164).toBe('+14155550142');
  });

  it('normalises spaces, dashes, dots and parentheses', () => {
    for (const typed of [
      '(415) 555-0142',
      '415-555-0142',
      '415.555.0142',
      ' 1 (415) 555 0142 ',
      '+1 415 555 0142',
    ]) {
      expect(parsePhone(typed)?.e164, typed).toBe('+14155550142');
    }
    expect(parsePhone('+52 (55) 1234-5678')?.e164).toBe('+525512345678');
  });

  it('reads a Mexican mobile, also in its old +52 1 form, as one number', () => {
    expect(parsePhone('+525512345678')).toMatchObject({ e164: '+525512345678', country: 'MX', valid: true });
    expect(parsePhone('+5215512345678')).toMatchObject({ e164: '+525512345678', country: 'MX', valid: true });
    expect(parsePhone('+52 1 81 8123 4567')?.e164).toBe('+528181234567');
  });

  it('reads UK numbers', () => {
    // The compact metadata cannot always tell the UK from the Channel Islands by a mobile: the code says +44.
    expect(parsePhone('+44 7911 123456')).toMatchObject({
      e164: '+447911123456',
      callingCode: '44',
      valid: true,
    });
    expect(parsePhone('+442071838750')).toMatchObject({ country: 'GB', valid: true });
  });

  it('refuses letters, empty text and text that is far too long', () => {
    expect(parsePhone('+1415abc0142')).toBeUndefined();
    expect(parsePhone('call 415-555-0142')).toBeUndefined();
    expect(parsePhone('tel:+14155550142')).toBeUndefined();
    expect(parsePhone('')).toBeUndefined();
    expect(parsePhone('   ')).toBeUndefined();
    expect(parsePhone(undefined)).toBeUndefined();
    expect(parsePhone('--()--')).toBeUndefined();
    expect(parsePhone(`+1 ${'4'.repeat(40)}`)).toBeUndefined();
  });

  it('flags wrong lengths as neither possible nor valid', () => {
    expect(parsePhone('+1415555014')).toMatchObject({ possible: false, valid: false });
    expect(parsePhone('+141555501422')).toMatchObject({ possible: false, valid: false });
    expect(parsePhone('+52551234567')).toMatchObject({ possible: false, valid: false });
    expect(parsePhone('+4479111234567')).toMatchObject({ valid: false });
  });

  it('tells a possible number in an unassigned range from a valid one', () => {
    // Area code 555 is not assigned: the right length, in no range.
    expect(parsePhone('+15555550100')).toMatchObject({ possible: true, valid: false, country: undefined });
  });
});

describe('the rules', () => {
  it('possible: right length, any country', () => {
    expect(isPhone('+15555550100', 'possible')).toBe(true);
    expect(isPhone('+5215512345678', 'possible')).toBe(true);
    expect(isPhone('+1415555014', 'possible')).toBe(false);
  });

  it('valid: in an assigned range, any country', () => {
    expect(isPhone('+15555550100', 'valid')).toBe(false);
    expect(isPhone('+525512345678', 'valid')).toBe(true);
    expect(isPhone('+447911123456', 'valid')).toBe(true);
    expect(isPhone('+11155550123', 'valid')).toBe(false);
  });

  it('north-american: valid and in the US or Canada', () => {
    expect(isNorthAmericanPhone('+14155550142')).toBe(true);
    expect(isNorthAmericanPhone('(604) 555-0199')).toBe(true);
    expect(isNorthAmericanPhone('+525512345678')).toBe(false);
    expect(isNorthAmericanPhone('+447911123456')).toBe(false);
    // Jamaica shares +1 but is not where the product buys numbers or texts first.
    expect(isNorthAmericanPhone('+18765550123')).toBe(false);
    expect(isNorthAmericanPhone('+15555550100')).toBe(false);
  });

  it('gives E.164 only for numbers that meet the rule', () => {
    expect(toE164Phone('(415) 555-0142', 'north-american')).toBe('+14155550142');
    expect(toE164Phone('+52 1 55 1234 5678', 'valid')).toBe('+525512345678');
    expect(toE164Phone('+52 1 55 1234 5678', 'north-american')).toBeUndefined();
    expect(toE164Phone('555-0142', 'possible')).toBeUndefined();
  });
});

describe('comparing and taking apart', () => {
  it('knows one number however it is written', () => {
    expect(isSamePhone('415-555-0142', '+14155550142')).toBe(true);
    expect(isSamePhone('+5215512345678', '+525512345678')).toBe(true);
    expect(isSamePhone('+14155550142', '+14155550143')).toBe(false);
    expect(isSamePhone(undefined, undefined)).toBe(false);
  });

  it('keeps the digits of a partial number', () => {
    expect(phoneDigits('(628) 555-01')).toBe('62855501');
    expect(phoneDigits(undefined)).toBe('');
  });

  it('finds the area code of North American numbers only', () => {
    expect(areaCodeOfPhone('+1 415 555 0100')).toBe('415');
    expect(areaCodeOfPhone('1-312-555-0100')).toBe('312');
    expect(areaCodeOfPhone('+525512345678')).toBeUndefined();
    expect(areaCodeOfPhone('555-0100')).toBeUndefined();
  });
});

describe('formatPhone', () => {
  it('writes North American numbers in each style', () => {
    expect(formatPhone('+14155550142', 'national')).toBe('(415) 555-0142');
    expect(formatPhone('+14155550142', 'dashed')).toBe('415-555-0142');
    expect(formatPhone('4155550142', 'international')).toBe('+1 (415) 555-0142');
  });

  it('shows other numbers as stored, and nothing for no number', () => {
    expect(formatPhone('+525512345678', 'national')).toBe('+525512345678');
    expect(formatPhone(' +447911123456 ', 'dashed')).toBe('+447911123456');
    expect(formatPhone('  ', 'national')).toBeUndefined();
    expect(formatPhone(undefined, 'national')).toBeUndefined();
  });

  it('links any number to dial in E.164', () => {
    expect(phoneTelHref('415-555-0142')).toBe('tel:+14155550142');
    expect(phoneTelHref('+52 1 55 1234 5678')).toBe('tel:+525512345678');
    expect(phoneTelHref('abc')).toBeUndefined();
  });
});
