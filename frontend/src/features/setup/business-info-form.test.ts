import { describe, expect, it } from 'vitest';
import { businessInfoFormSchema, businessInfoPayload, normalizeWebsite } from './business-info-form';

const valid = {
  business_name: 'Bright Smile Dental',
  phone_number: '(415) 555-0142',
  website: 'brightsmile.example.com',
  address: '1 Market St, San Francisco, CA',
};

describe('business info form', () => {
  it('requires every field with the spec text', () => {
    const result = businessInfoFormSchema.safeParse({ ...valid, address: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['address', 'Please fill in all required fields'],
    ]);
  });

  it('requires the website to be a URL', () => {
    const result = businessInfoFormSchema.safeParse({ ...valid, website: 'https://not a url' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['website']);
  });

  it('accepts a website without a scheme and sends it with https://, the phone as E.164', () => {
    expect(businessInfoPayload(valid)).toEqual({
      business_name: 'Bright Smile Dental',
      phone_number: '+14155550142',
      website: 'https://brightsmile.example.com',
      address: '1 Market St, San Francisco, CA',
    });
  });

  it('keeps a scheme that is already there', () => {
    expect(normalizeWebsite(' http://a.example ')).toBe('http://a.example');
    expect(normalizeWebsite('')).toBe('');
  });
});
