import { describe, expect, it } from 'vitest';
import { callerPhoneSchema, e164PhoneSchema, typedPhoneSchema } from './phone-number';

describe('schemas', () => {
  it('takes any country from the network and answers canonical E.164', () => {
    expect(callerPhoneSchema.parse('+5215512345678')).toBe('+525512345678');
    expect(callerPhoneSchema.parse('+447911123456')).toBe('+447911123456');
    expect(callerPhoneSchema.parse('+15555550100')).toBe('+15555550100');
  });

  it('wants E.164 from machines: no national form, no spaces, no letters, right length', () => {
    for (const bad of ['4155550142', '+1 415 555 0142', '+1415abc0142', '+1415555014', '', 'Anonymous']) {
      const result = callerPhoneSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be an E.164 number');
    }
  });

  it('applies the rule it is built with', () => {
    const buyable = e164PhoneSchema({ rule: 'north-american', message: 'US or Canada only' });
    expect(buyable.parse('+16045550199')).toBe('+16045550199');
    expect(buyable.safeParse('+525512345678').error?.issues[0]?.message).toBe('US or Canada only');
  });

  it('reads typed numbers into E.164', () => {
    const typed = typedPhoneSchema({ rule: 'valid', message: 'Enter a phone number' });
    expect(typed.parse('(415) 555-0142')).toBe('+14155550142');
    expect(typed.parse('+52 55 1234 5678')).toBe('+525512345678');
    expect(typed.safeParse('555-0142').error?.issues[0]?.message).toBe('Enter a phone number');
    expect(typed.safeParse('4'.repeat(31)).success).toBe(false);
  });

  it('says a too-long number is wrong once, not once per check', () => {
    const typed = typedPhoneSchema({ rule: 'north-american', message: 'Enter a number', maxChars: 25 });
    expect(typed.safeParse('1'.repeat(26)).error?.issues.map((issue) => issue.message)).toEqual([
      'Enter a number',
    ]);
    const machine = e164PhoneSchema({ rule: 'possible', message: 'E.164 please' });
    expect(machine.safeParse(`+${'1'.repeat(30)}`).error?.issues.map((issue) => issue.message)).toEqual([
      'E.164 please',
    ]);
  });
});
