import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_FIELD_MESSAGES as M,
  brandTypeFor,
  businessRegistrationDetailsSchema,
  messagingRegistrationSchema,
  registrationOtpResendSchema,
  textingAllowedIn,
} from './messaging-registration';

const valid = {
  legalName: 'Bright Smile Dental LLC',
  businessType: 'private_company',
  ein: '12-3456789',
  website: 'https://brightsmile.com',
  address: { street: '1 Market St', city: 'San Francisco', region: 'ca', postalCode: '94105', country: 'US' },
  contact: {
    firstName: 'Dana',
    lastName: 'Reyes',
    email: 'dana@brightsmile.com',
    phone: '(415) 555-0142',
    title: 'Owner',
  },
};

const firstIssue = (input: unknown) => {
  const result = businessRegistrationDetailsSchema.safeParse(input);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return { field: issue.path.join('.'), message: issue.message };
};

describe('businessRegistrationDetailsSchema', () => {
  it('stores the EIN as nine digits, the region upper-case and the contact phone as E.164', () => {
    const parsed = businessRegistrationDetailsSchema.parse(valid);
    expect(parsed.ein).toBe('123456789');
    expect(parsed.address.region).toBe('CA');
    expect(parsed.contact.phone).toBe('+14155550142');
    // What the API stores parses again to itself (the GET answer reuses the schema).
    expect(businessRegistrationDetailsSchema.parse(parsed)).toEqual(parsed);
  });

  it('names the field of each wrong value', () => {
    expect(firstIssue({ ...valid, ein: '1234' })).toEqual({ field: 'ein', message: M.ein });
    expect(firstIssue({ ...valid, ein: '00-1234567' })).toEqual({ field: 'ein', message: M.einPrefix });
    expect(firstIssue({ ...valid, ein: undefined })).toEqual({ field: 'ein', message: M.ein });
    expect(firstIssue({ ...valid, website: 'http://brightsmile.com' })?.field).toBe('website');
    expect(firstIssue({ ...valid, website: 'https://localhost' })?.field).toBe('website');
    expect(firstIssue({ ...valid, website: 'https://brightsmile' })?.field).toBe('website');
    expect(firstIssue({ ...valid, address: { ...valid.address, postalCode: '9410' } })).toEqual({
      field: 'address.postalCode',
      message: M.usPostalCode,
    });
    expect(firstIssue({ ...valid, address: { ...valid.address, region: 'ZZ' } })).toEqual({
      field: 'address.region',
      message: M.usRegion,
    });
    expect(firstIssue({ ...valid, address: { ...valid.address, country: 'MX' } })?.field).toBe(
      'address.country',
    );
    expect(firstIssue({ ...valid, contact: { ...valid.contact, phone: '+44 7700 900123' } })).toEqual({
      field: 'contact.phone',
      message: M.phone,
    });
    expect(firstIssue({ ...valid, contact: { ...valid.contact, email: 'dana@' } })).toEqual({
      field: 'contact.email',
      message: M.email,
    });
    expect(firstIssue({ ...valid, legalName: '  ' })).toEqual({ field: 'legalName', message: M.required });
  });

  it('takes a Canadian address with its postal code and province', () => {
    const parsed = businessRegistrationDetailsSchema.parse({
      ...valid,
      address: { street: '1 Rue Sparks', city: 'Ottawa', region: 'on', postalCode: 'k1a0b1', country: 'CA' },
    });
    expect(parsed.address).toMatchObject({ region: 'ON', postalCode: 'K1A 0B1' });
    expect(firstIssue({ ...valid, address: { ...valid.address, country: 'CA' } })?.field).toBe(
      'address.region',
    );
  });

  it('registers a sole proprietor without an EIN and a public company with its listing', () => {
    const sole = { ...valid, businessType: 'sole_proprietor', ein: undefined };
    expect(businessRegistrationDetailsSchema.safeParse(sole).success).toBe(true);
    expect(firstIssue({ ...sole, ein: '123456789' })).toEqual({
      field: 'ein',
      message: M.einNotForSoleProprietor,
    });
    expect(firstIssue({ ...valid, businessType: 'public_company' })?.field).toBe('stockTicker');
    expect(
      businessRegistrationDetailsSchema.safeParse({
        ...valid,
        businessType: 'public_company',
        stockTicker: 'smle',
        stockExchange: 'NASDAQ',
      }).success,
    ).toBe(true);
  });

  it('refuses fields it does not know', () => {
    expect(firstIssue({ ...valid, brandType: 'standard' })?.message).toMatch(/brandType/);
  });
});

describe('brand type and texting', () => {
  it('derives the brand type from the business type', () => {
    expect(brandTypeFor('sole_proprietor')).toBe('sole_proprietor');
    expect(brandTypeFor('public_company')).toBe('standard');
    expect(brandTypeFor('government')).toBe('standard');
    expect(brandTypeFor('private_company')).toBe('low_volume_standard');
    expect(brandTypeFor('non_profit')).toBe('low_volume_standard');
  });

  it('allows texts only once approved', () => {
    expect(textingAllowedIn('approved')).toBe(true);
    for (const state of ['not_started', 'in_review', 'otp_required', 'failed', 'resubmitted'] as const) {
      expect(textingAllowedIn(state)).toBe(false);
    }
  });

  it('answers a registration and takes an empty resend request', () => {
    const answer = messagingRegistrationSchema.parse({
      state: 'not_started',
      updatedAt: '2026-11-27T12:00:00.000Z',
      textingAllowed: false,
    });
    expect(answer.state).toBe('not_started');
    expect(registrationOtpResendSchema.safeParse({}).success).toBe(true);
    expect(registrationOtpResendSchema.safeParse({ code: '123456' }).success).toBe(false);
  });
});

describe('what to change', () => {
  it('names the fix of a field, of its group, or the general one', async () => {
    const { REGISTRATION_FIX_TEXTS, whatToChangeFor } = await import('./messaging-registration');
    expect(whatToChangeFor('website')).toBe(REGISTRATION_FIX_TEXTS.website);
    expect(whatToChangeFor('address.postalCode')).toBe(REGISTRATION_FIX_TEXTS.address);
    expect(whatToChangeFor('contact.email')).toBe(REGISTRATION_FIX_TEXTS['contact.email']);
    expect(whatToChangeFor('contact.firstName')).toBe(REGISTRATION_FIX_TEXTS.contact);
    expect(whatToChangeFor(undefined)).toBe(REGISTRATION_FIX_TEXTS.general);
    expect(whatToChangeFor('nonsense')).toBe(REGISTRATION_FIX_TEXTS.general);
  });
});
