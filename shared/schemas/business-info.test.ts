import { describe, expect, it } from 'vitest';
import { behaviorSettingsSchema, managerNumberForStorage } from './behavior-settings';
import {
  businessInfoSchema,
  configUpdateSchema,
  personalityTraitsSchema,
  toE164BusinessPhone,
} from './business-info';

const info = {
  business_name: 'Bella',
  phone_number: '(415) 555-0142',
  website: 'https://bella.example.com',
  address: '1 Main St',
};
const messages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('business info rules', () => {
  it('requires all four fields with the spec text and a http(s) website', () => {
    expect(businessInfoSchema.safeParse(info).success).toBe(true);
    expect(messages(businessInfoSchema.safeParse({ ...info, business_name: ' ' }))).toEqual([
      'business_name: Please fill in all required fields',
    ]);
    expect(messages(businessInfoSchema.safeParse({}))).toHaveLength(4);
    expect(messages(businessInfoSchema.safeParse({ ...info, website: 'bella.example.com' }))).toEqual([
      'website: Please enter a valid website URL',
    ]);
    expect(businessInfoSchema.safeParse({ ...info, website: 'ftp://bella.example.com' }).success).toBe(false);
    // Whatever the URL parser of the engine: spaces, a bare word or an empty host are not websites.
    for (const website of ['https://not a url', 'https://bella', 'https://', 'https://bella..com']) {
      expect(businessInfoSchema.safeParse({ ...info, website }).success, website).toBe(false);
    }
    for (const website of ['http://bella.example.com:8080/menu?x=1#top', 'https://BELLA-salon.co.uk/']) {
      expect(businessInfoSchema.safeParse({ ...info, website }).success, website).toBe(true);
    }
    expect(businessInfoSchema.safeParse({ ...info, phone_number: '555-0142' }).success).toBe(false);
  });

  it('stores business phones as E.164, treating 10 digits as US/Canada', () => {
    expect(toE164BusinessPhone('(415) 555-0142')).toBe('+14155550142');
    expect(toE164BusinessPhone('1-415-555-0142')).toBe('+14155550142');
    expect(toE164BusinessPhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses an empty config update and unknown fields', () => {
    expect(configUpdateSchema.safeParse({}).success).toBe(false);
    expect(configUpdateSchema.safeParse({ business_id: 'x', assistant_name: 'Ava' }).success).toBe(false);
    expect(configUpdateSchema.safeParse({ assistant_name: 'Ava' }).success).toBe(true);
  });

  it('accepts only the options of each trait', () => {
    expect(personalityTraitsSchema.safeParse({ verbosity: 'Thorough' }).success).toBe(true);
    expect(messages(personalityTraitsSchema.safeParse({ verbosity: 'Rambling' }))[0]).toBe(
      'verbosity: verbosity must be one of: Brief and Direct, Concise, Balanced, Detailed, Thorough',
    );
    expect(personalityTraitsSchema.safeParse({ charm: 'High' }).success).toBe(false);
  });
});

describe('behavior settings rules', () => {
  const settings = {
    remember_past_callers: false,
    manager_number: '+14155550100',
    manager_name: ' Dana ',
    escalation_email: ' dana@example.com ',
    text_escalation_to_manager: true,
  };

  it('takes +1 and 10 digits or empty, trims name and e-mail', () => {
    expect(behaviorSettingsSchema.parse(settings)).toEqual({
      ...settings,
      manager_name: 'Dana',
      escalation_email: 'dana@example.com',
    });
    expect(
      behaviorSettingsSchema.safeParse({ ...settings, manager_number: '', escalation_email: '' }).success,
    ).toBe(true);
    for (const manager_number of ['4155550100', '+141555501001', '+24155550100'])
      expect(behaviorSettingsSchema.safeParse({ ...settings, manager_number }).success).toBe(false);
    expect(behaviorSettingsSchema.safeParse({ ...settings, escalation_email: 'dana@' }).success).toBe(false);
  });

  it('turns typed manager digits into the stored form', () => {
    expect(managerNumberForStorage('415-555-0100')).toBe('+14155550100');
    expect(managerNumberForStorage('14155550100')).toBe('+14155550100');
    expect(managerNumberForStorage('')).toBe('');
  });

  it('wants a US or Canadian manager number, where calls are transferred and texts go', () => {
    expect(behaviorSettingsSchema.safeParse({ ...settings, manager_number: '+16045550188' }).success).toBe(
      true,
    );
    for (const manager_number of ['+11235550100', '+18765550123']) {
      const result = behaviorSettingsSchema.safeParse({ ...settings, manager_number });
      expect(result.error?.issues[0]?.message, manager_number).toBe(
        'Manager number must be a US or Canadian phone number',
      );
    }
    expect(
      behaviorSettingsSchema.safeParse({ ...settings, manager_number: '+525512345678' }).error?.issues[0]
        ?.message,
    ).toBe('Manager number must be +1 followed by 10 digits');
  });
});

describe('configUpdateSchema time_zone', () => {
  it('takes a US or Canadian zone and refuses anything else', () => {
    expect(configUpdateSchema.safeParse({ time_zone: 'America/Chicago' }).success).toBe(true);
    const refused = configUpdateSchema.safeParse({ time_zone: 'Europe/Paris' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Choose a US or Canadian time zone');
  });
});
