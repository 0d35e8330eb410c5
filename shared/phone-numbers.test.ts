import { describe, expect, it } from 'vitest';
import { phoneLookupFailureMessage } from './phone-numbers';

describe('phone lookup failure texts (spec §8)', () => {
  it('says what to do by status', () => {
    expect(phoneLookupFailureMessage(401, '')).toBe('Please sign in again to load phone numbers');
    expect(phoneLookupFailureMessage(404, '')).toBe('Phone numbers service not found');
    expect(phoneLookupFailureMessage(502, '{"error":"provider_error"}')).toBe(
      'Failed to load phone numbers (502): {"error":"provider_error"}',
    );
  });
});
