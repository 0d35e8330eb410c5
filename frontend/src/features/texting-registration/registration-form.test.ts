import { describe, expect, it } from 'vitest';
import { REGISTRATION_FIELD_MESSAGES as M } from '@shared/schemas/messaging-registration';
import {
  draftOf,
  detailsOf,
  failureFieldError,
  failureFieldLabel,
  type RegistrationDraft,
} from './registration-form';
import { validateRegistrationDraft } from './registration-validation';

const filled: RegistrationDraft = {
  ...draftOf(undefined),
  legalName: 'Bright Smile Dental LLC',
  businessType: 'private_company',
  ein: '12-3456789',
  website: 'brightsmile-dental.com',
  'address.street': '500 Market St',
  'address.city': 'San Francisco',
  'address.region': 'CA',
  'address.postalCode': '94105',
  'address.country': 'US',
  'contact.firstName': 'Dana',
  'contact.lastName': 'Lee',
  'contact.email': 'dana@brightsmile-dental.com',
  'contact.phone': '(415) 555-0142',
  'contact.title': 'Owner',
};

describe('the texting registration form', () => {
  it('starts from what setup knows, in the US, and from the stored details once submitted', () => {
    const first = draftOf(undefined, {
      legalName: 'Bright Smile',
      website: 'https://a.com',
      email: 'o@a.com',
    });
    expect(first).toMatchObject({
      legalName: 'Bright Smile',
      website: 'https://a.com',
      'contact.email': 'o@a.com',
      'address.country': 'US',
      ein: '',
    });
    const checked = validateRegistrationDraft(filled);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    // Stored as nine digits and E.164; shown again as typed-looking values.
    expect(checked.value.ein).toBe('123456789');
    expect(checked.value.contact.phone).toBe('+14155550142');
    const again = draftOf(checked.value);
    expect(again.ein).toBe('12-3456789');
    expect(again['contact.phone']).toBe('(415) 555-0142');
    expect(validateRegistrationDraft(again).ok).toBe(true);
  });

  it('sends a website typed without a scheme as https, and no EIN or listing a type does not ask for', () => {
    expect(detailsOf(filled).website).toBe('https://brightsmile-dental.com');
    const sole = detailsOf({ ...filled, businessType: 'sole_proprietor', stockTicker: 'X' });
    expect(sole).not.toHaveProperty('ein');
    expect(sole).not.toHaveProperty('stockTicker');
    expect(validateRegistrationDraft({ ...filled, businessType: 'sole_proprietor' }).ok).toBe(true);
  });

  it('names each wrong field with the shared schema’s message, by its path', () => {
    const checked = validateRegistrationDraft({
      ...filled,
      businessType: '',
      ein: '1234',
      website: 'http://brightsmile',
      'address.postalCode': 'K1A 0B1',
      'contact.phone': '555',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        businessType: M.businessType,
        ein: M.ein,
        website: M.website,
        'address.postalCode': M.usPostalCode,
        'contact.phone': M.phone,
      },
    });
    const company = validateRegistrationDraft({ ...filled, ein: '1234' });
    expect(company).toEqual({ ok: false, errors: { ein: M.ein } });
    const canada = validateRegistrationDraft({ ...filled, 'address.country': 'CA', 'address.region': 'CA' });
    expect(canada).toMatchObject({ ok: false, errors: { 'address.region': M.caRegion } });
  });

  it('a public company names its listing', () => {
    expect(validateRegistrationDraft({ ...filled, businessType: 'public_company' })).toEqual({
      ok: false,
      errors: { stockTicker: M.stockTicker, stockExchange: M.stockExchange },
    });
    expect(
      validateRegistrationDraft({
        ...filled,
        businessType: 'public_company',
        stockTicker: 'acme',
        stockExchange: 'NASDAQ',
      }).ok,
    ).toBe(true);
  });

  it('puts a refusal’s words on the field it names, and nowhere for a field the form does not have', () => {
    expect(failureFieldError({ field: 'address.postalCode', message: 'Use the registered ZIP' })).toEqual({
      'address.postalCode': 'Use the registered ZIP',
    });
    expect(failureFieldError({ field: 'brand', message: 'x' })).toEqual({});
    expect(failureFieldError({ message: 'x' })).toEqual({});
  });

  it('names a failure’s field in words, a whole group by its section', () => {
    expect(failureFieldLabel('ein')).toBe('Tax number (EIN)');
    expect(failureFieldLabel('address.city')).toBe('City');
    expect(failureFieldLabel('address')).toBe('Registered address');
    expect(failureFieldLabel('contact')).toBe('Authorized contact');
    expect(failureFieldLabel('brand')).toBeUndefined();
    expect(failureFieldLabel(undefined)).toBeUndefined();
  });
});
