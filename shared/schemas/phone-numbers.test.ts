import { describe, expect, it } from 'vitest';
import { assistantPhoneRequestSchema, availablePhoneNumbersQuerySchema } from './phone-numbers';

describe('available-numbers query (spec §7)', () => {
  it('defaults to US and 3 numbers', () => {
    expect(availablePhoneNumbersQuerySchema.parse({})).toEqual({ country: 'US', limit: 3 });
  });

  it('accepts the optional filters and coerces the limit', () => {
    expect(
      availablePhoneNumbersQuerySchema.parse({
        area_code: '604',
        country: 'CA',
        locality: 'Vancouver',
        limit: '6',
      }),
    ).toEqual({ area_code: '604', country: 'CA', locality: 'Vancouver', limit: 6 });
  });

  it('refuses other countries and malformed area codes', () => {
    expect(availablePhoneNumbersQuerySchema.safeParse({ country: 'GB' }).success).toBe(false);
    expect(availablePhoneNumbersQuerySchema.safeParse({ area_code: '4155' }).success).toBe(false);
  });
});

describe('assistant phone body', () => {
  it('takes an E.164 North American number only', () => {
    expect(assistantPhoneRequestSchema.safeParse({ assistant_phone: '+14155550123' }).success).toBe(true);
    expect(assistantPhoneRequestSchema.safeParse({ assistant_phone: '4155550123' }).success).toBe(false);
    expect(assistantPhoneRequestSchema.safeParse({ assistant_phone: '+11155550123' }).success).toBe(false);
  });
});
