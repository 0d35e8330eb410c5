import { z } from 'zod';
import { TEXT_LIMITS } from '../text-limits';
import { isPhone, parsePhone } from '../phone/phone-number';
import {
  BUSINESS_TYPE_VALUES,
  SIGNUP_PHONE_PATTERN,
  SIGNUP_MESSAGES,
  PASSWORD_MIN_LENGTH,
} from '../signup-rules';

/**
 * The sign-up number in E.164: the country code and the typed number read together by the phone helper
 * (spaces, dashes, dots and brackets dropped, and a trunk 0 after the country code: +44 020… is +4420…).
 * Text that is no number stays as joined, and fails isSignUpPhone.
 */
export const toE164 = (countryCode: string, localNumber: string): string =>
  parsePhone(`${countryCode} ${localNumber}`)?.e164 ?? `${countryCode}${localNumber.trim()}`;

/**
 * Spec §5's pattern, and the right length for its country code (docs/decisions/166-phone-numbers.md): '+1'
 * with eleven digits fits the pattern but no number.
 */
export const isSignUpPhone = (e164: string) => SIGNUP_PHONE_PATTERN.test(e164) && isPhone(e164, 'possible');

/** The sign-up form (spec §5); its types, codes, patterns and texts are in shared/signup-rules.ts. */
export const signUpFormSchema = z
  .object({
    businessName: z.string().trim().min(1, SIGNUP_MESSAGES.required).max(TEXT_LIMITS.businessName),
    email: z
      .string()
      .trim()
      .min(1, SIGNUP_MESSAGES.required)
      .max(TEXT_LIMITS.email)
      .pipe(z.email(SIGNUP_MESSAGES.invalidEmail)),
    countryCode: z.string().min(1, SIGNUP_MESSAGES.required),
    phoneNumber: z.string().trim().min(1, SIGNUP_MESSAGES.required),
    businessType: z.enum(BUSINESS_TYPE_VALUES, { message: SIGNUP_MESSAGES.required }),
    password: z
      .string()
      .min(1, SIGNUP_MESSAGES.required)
      .min(PASSWORD_MIN_LENGTH, SIGNUP_MESSAGES.passwordTooShort)
      .max(TEXT_LIMITS.password),
    confirmPassword: z.string().min(1, SIGNUP_MESSAGES.required),
  })
  .superRefine((form, ctx) => {
    if (form.phoneNumber && !isSignUpPhone(toE164(form.countryCode, form.phoneNumber))) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: SIGNUP_MESSAGES.invalidPhone });
    }
    if (form.confirmPassword && form.password !== form.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: SIGNUP_MESSAGES.passwordsDoNotMatch,
      });
    }
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;
