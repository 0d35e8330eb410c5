import { describe, expect, it } from 'vitest';
import { phoneLookupFailureMessage, waitInWords } from './phone-numbers';

describe('phone lookup failure texts (spec §8)', () => {
  it('says what to do by status', () => {
    expect(phoneLookupFailureMessage(401, '')).toBe('Please sign in again to load phone numbers');
    expect(phoneLookupFailureMessage(404, '')).toBe('Phone numbers service not found');
    expect(phoneLookupFailureMessage(502, '{"error":"provider_error"}')).toBe(
      'Failed to load phone numbers (502): {"error":"provider_error"}',
    );
  });
});

describe('the number search limit in words (429)', () => {
  it('says when to search again, rounded up to what a person reads', () => {
    expect(phoneLookupFailureMessage(429, '{"error":"too_many_requests"}', 240)).toBe(
      'You have searched for numbers many times in a short while. Please try again in 4 minutes.',
    );
    expect(waitInWords(1)).toBe('in 1 second');
    expect(waitInWords(59)).toBe('in 59 seconds');
    expect(waitInWords(61)).toBe('in 2 minutes');
    expect(waitInWords(60)).toBe('in 1 minute');
    expect(waitInWords(3600)).toBe('in 1 hour');
    expect(waitInWords(5400)).toBe('in 2 hours');
    expect(waitInWords(0)).toBe('in a moment');
  });

  it('keeps the generic text for a 429 that names no wait', () => {
    expect(phoneLookupFailureMessage(429, 'slow down')).toBe('Failed to load phone numbers (429): slow down');
  });
});
