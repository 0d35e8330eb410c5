import { describe, expect, it } from 'vitest';
import { callerPhoneMiniSchema } from './caller-phone-mini';
import { callerPhoneSchema } from './phone-number';

describe('callerPhoneMiniSchema', () => {
  it('answers every number as callerPhoneSchema does: the same E.164, or the same issues', () => {
    const inputs = [
      '+14155550142',
      ' +14155550142 ',
      '+5215512345678', // a Mexican mobile in its old form
      '+525512345678',
      '+447911123456',
      '+1415555014',
      '+1 415 555 0142',
      '(415) 555-0142',
      '4155550142',
      'Anonymous',
      '',
      '+',
      `+1${'4'.repeat(40)}`,
      '+999123456789',
    ];
    for (const input of inputs) {
      const classic = callerPhoneSchema.safeParse(input);
      const mini = callerPhoneMiniSchema.safeParse(input);
      expect(mini.success, input).toBe(classic.success);
      expect(mini.data, input).toEqual(classic.data);
      expect(mini.error?.issues, input).toEqual(classic.error?.issues);
    }
    expect(callerPhoneMiniSchema.parse('+5215512345678')).toBe('+525512345678');
    expect(callerPhoneMiniSchema.safeParse('Anonymous').error?.issues[0]?.message).toBe(
      'must be an E.164 number',
    );
  });

  it('refuses what is not text with the same issue', () => {
    expect(callerPhoneMiniSchema.safeParse(42).error?.issues).toEqual(
      callerPhoneSchema.safeParse(42).error?.issues,
    );
  });
});
