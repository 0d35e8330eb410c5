import { describe, expect, it } from 'vitest';
import { isSignUpPhone, signUpFormSchema, toE164 } from './schemas/signup';
import { SIGNUP_PHONE_PATTERN } from './signup-rules';

const valid = {
  businessName: 'Bright Smile Dental',
  email: 'owner@example.com',
  countryCode: '+1',
  phoneNumber: '(415) 555-0142',
  businessType: 'dental',
  password: 'correct-horse-9',
  confirmPassword: 'correct-horse-9',
};
const messagesFor = (input: Record<string, string>) => {
  const result = signUpFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('sign-up rules (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(signUpFormSchema.safeParse(valid).success).toBe(true);
  });

  it('requires every field', () => {
    const messages = messagesFor(Object.fromEntries(Object.keys(valid).map((k) => [k, ''])));
    for (const field of [
      'businessName',
      'email',
      'phoneNumber',
      'businessType',
      'password',
      'confirmPassword',
    ]) {
      expect(messages[field], field).toBeDefined();
    }
  });

  it('says the passwords do not match', () => {
    expect(messagesFor({ ...valid, confirmPassword: 'correct-horse-0' }).confirmPassword).toBe(
      'Passwords do not match',
    );
  });

  it('wants 11 to 15 digits after the plus, the first 1-9', () => {
    expect(SIGNUP_PHONE_PATTERN.test('+14155550142')).toBe(true);
    expect(SIGNUP_PHONE_PATTERN.test('+441234567890123')).toBe(true);
    expect(SIGNUP_PHONE_PATTERN.test('+1415555014')).toBe(false);
    expect(SIGNUP_PHONE_PATTERN.test('+4412345678901234')).toBe(false);
    expect(SIGNUP_PHONE_PATTERN.test('+04155550142')).toBe(false);
    expect(messagesFor({ ...valid, phoneNumber: '555-0142' }).phoneNumber).toBe(
      'Please enter a valid phone number',
    );
  });

  it('asks for at least 8 password characters', () => {
    expect(messagesFor({ ...valid, password: 'short', confirmPassword: 'short' }).password).toMatch(
      /at least 8/,
    );
  });

  it('joins country code and number without separators', () => {
    expect(toE164('+1', '(415) 555-0142')).toBe('+14155550142');
    expect(toE164('+44', '7700 900.123')).toBe('+447700900123');
  });

  it('drops a trunk 0 typed after the country code and keeps letters so they fail', () => {
    expect(toE164('+44', '020 7183 8750')).toBe('+442071838750');
    expect(isSignUpPhone(toE164('+44', '020 7183 8750'))).toBe(true);
    expect(isSignUpPhone(toE164('+1', '415abc0142'))).toBe(false);
  });

  it('also wants the right length for the country code, not only 11 to 15 digits', () => {
    expect(isSignUpPhone('+14155550142')).toBe(true);
    expect(isSignUpPhone('+525512345678')).toBe(true);
    // 11 to 15 digits, but +1 numbers have 10 after the code and Mexican ones 10 after +52.
    expect(isSignUpPhone('+141555501420')).toBe(false);
    expect(isSignUpPhone('+5255123456789')).toBe(false);
    expect(messagesFor({ ...valid, phoneNumber: '(415) 555-01420' }).phoneNumber).toBe(
      'Please enter a valid phone number',
    );
    expect(
      messagesFor({ ...valid, countryCode: '+52', phoneNumber: '55 1234 5678' }).phoneNumber,
    ).toBeUndefined();
  });
});
