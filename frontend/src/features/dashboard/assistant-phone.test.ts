import { describe, expect, it } from 'vitest';
import { assistantTelHref, formatAssistantPhone } from './assistant-phone';

describe('formatAssistantPhone', () => {
  it('shows a stored E.164 number as ddd-ddd-dddd', () => {
    expect(formatAssistantPhone('+14155550123')).toBe('415-555-0123');
  });
  it('accepts ten bare digits and punctuation', () => {
    expect(formatAssistantPhone('(604) 555-0199')).toBe('604-555-0199');
  });
  it("says 'Not Set' when there is no number", () => {
    expect(formatAssistantPhone(undefined)).toBe('Not Set');
    expect(formatAssistantPhone('  ')).toBe('Not Set');
  });
  it('shows a number that is not North American as stored', () => {
    expect(formatAssistantPhone('+442071838750')).toBe('+442071838750');
  });
});

describe('assistantTelHref', () => {
  it('dials the number with its +1 prefix', () => {
    expect(assistantTelHref('+14155550123')).toBe('tel:+14155550123');
    expect(assistantTelHref('415-555-0123')).toBe('tel:+14155550123');
  });
  it('has no link without a number', () => {
    expect(assistantTelHref(undefined)).toBeUndefined();
    expect(assistantTelHref('')).toBeUndefined();
  });
});

describe('one reading per number', () => {
  it('answers a repeated number from the last reading and reads a new one afresh', () => {
    expect(formatAssistantPhone('+14155550123')).toBe('415-555-0123');
    expect(formatAssistantPhone('+14155550123')).toBe('415-555-0123');
    expect(formatAssistantPhone('+16045550199')).toBe('604-555-0199');
    expect(formatAssistantPhone(undefined)).toBe('Not Set');
    expect(assistantTelHref('+16045550199')).toBe('tel:+16045550199');
    expect(assistantTelHref(undefined)).toBeUndefined();
    expect(assistantTelHref('+16045550199')).toBe('tel:+16045550199');
  });
});
