import { describe, expect, it } from 'vitest';
import {
  formatManagerPhoneInput,
  formatPhoneForDisplay,
  isCompleteManagerPhone,
  storedPhoneToDisplay,
} from './phone-format';

describe('manager phone input', () => {
  it('keeps digits only and formats ddd-ddd-dddd while typing', () => {
    expect(formatManagerPhoneInput('4')).toBe('4');
    expect(formatManagerPhoneInput('415')).toBe('415');
    expect(formatManagerPhoneInput('4155')).toBe('415-5');
    expect(formatManagerPhoneInput('415555')).toBe('415-555');
    expect(formatManagerPhoneInput('4155550')).toBe('415-555-0');
    expect(formatManagerPhoneInput('(415) 555-0142')).toBe('415-555-0142');
  });

  it('stops at 10 digits', () => {
    expect(formatManagerPhoneInput('41555501429999')).toBe('415-555-0142');
  });

  it('ignores letters and symbols', () => {
    expect(formatManagerPhoneInput('a4b1c5')).toBe('415');
    expect(formatManagerPhoneInput('abc')).toBe('');
  });

  it('turns a stored number back into the input format', () => {
    expect(storedPhoneToDisplay('+14155550142')).toBe('415-555-0142');
    expect(storedPhoneToDisplay('4155550142')).toBe('415-555-0142');
    expect(storedPhoneToDisplay(undefined)).toBe('');
  });

  it('knows when the number is complete', () => {
    expect(isCompleteManagerPhone('415-555-0142')).toBe(true);
    expect(isCompleteManagerPhone('415-555-014')).toBe(false);
  });
});

describe('formatPhoneForDisplay', () => {
  it('formats North American numbers and leaves others alone', () => {
    expect(formatPhoneForDisplay('+14155550100')).toBe('+1 (415) 555-0100');
    expect(formatPhoneForDisplay('4155550100')).toBe('+1 (415) 555-0100');
    expect(formatPhoneForDisplay('+447700900123')).toBe('+447700900123');
  });
});
