import { z } from 'zod';
import { TEXT_LIMITS } from '../text-limits';
import {
  BUSINESS_TYPE_VALUES,
  E164_PHONE_PATTERN,
  SIGNUP_MESSAGES,
  PASSWORD_MIN_LENGTH,
  toE164,
} from '../signup-rules';

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
    if (form.phoneNumber && !E164_PHONE_PATTERN.test(toE164(form.countryCode, form.phoneNumber))) {
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
