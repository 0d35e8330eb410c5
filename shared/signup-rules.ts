/** Business types offered at sign-up (spec §3). */
export const BUSINESS_TYPES = [
  { value: 'salon', label: 'Salon' },
  { value: 'spa', label: 'Spa' },
  { value: 'dental', label: 'Dental' },
  { value: 'medical', label: 'Medical' },
  { value: 'auto', label: 'Auto' },
  { value: 'home', label: 'Home services' },
  { value: 'other', label: 'Other' },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]['value'];
export const BUSINESS_TYPE_VALUES = BUSINESS_TYPES.map((t) => t.value) as [BusinessType, ...BusinessType[]];

/** Country calling codes offered at sign-up; +1 (US and Canada) is the supported region (spec §3). */
export const COUNTRY_CODES = [
  { code: '+1', name: 'United States / Canada', short: 'US/CA' },
  { code: '+44', name: 'United Kingdom', short: 'UK' },
  { code: '+33', name: 'France', short: 'FR' },
  { code: '+49', name: 'Germany', short: 'DE' },
  { code: '+39', name: 'Italy', short: 'IT' },
  { code: '+34', name: 'Spain', short: 'ES' },
  { code: '+61', name: 'Australia', short: 'AU' },
  { code: '+81', name: 'Japan', short: 'JP' },
] as const;
export const SUPPORTED_COUNTRY_CODE = '+1';

export const PASSWORD_MIN_LENGTH = 8;

/**
 * Spec §5's sign-up rule, word for word: a plus sign, a first digit 1-9, then 10 to 14 more digits (11 to 15
 * in all). The number must also have the right length for its country code (isSignUpPhone in schemas/signup.ts,
 * over the phone helper: docs/decisions/166-phone-numbers.md); this module stays free of the helper's metadata
 * because the plans page and the landing page's waitlist read its country codes.
 */
export const SIGNUP_PHONE_PATTERN = /^\+[1-9]\d{10,14}$/;

export const SIGNUP_MESSAGES = {
  required: 'This field is required',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidPhone: 'Please enter a valid phone number',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
} as const;
