import { z } from 'zod';

/** One number offered in step 4 (spec §2 step 4: phone_number or number, friendly_name, optionally price). */
export const availablePhoneNumberSchema = z.object({
  phone_number: z.string(),
  friendly_name: z.string(),
  price: z.string().optional(),
  locality: z.string().optional(),
  region: z.string().optional(),
});
export type AvailablePhoneNumber = z.infer<typeof availablePhoneNumberSchema>;

export const availablePhoneNumbersResponseSchema = z.object({
  numbers: z.array(availablePhoneNumberSchema),
});
export type AvailablePhoneNumbersResponse = z.infer<typeof availablePhoneNumbersResponseSchema>;

/** Query of GET /oauth/phone-numbers/available (spec §7); the client sends only non-empty params. */
export const availablePhoneNumbersQuerySchema = z.object({
  area_code: z
    .string()
    .regex(/^\d{3}$/, 'area_code must be 3 digits')
    .optional(),
  country: z.enum(['US', 'CA']).default('US'),
  region: z.string().trim().min(1).max(64).optional(),
  locality: z.string().trim().min(1).max(64).optional(),
  postal_code: z.string().trim().min(1).max(16).optional(),
  limit: z.coerce.number().int().min(1).max(30).default(3),
});
export type AvailablePhoneNumbersQuery = z.infer<typeof availablePhoneNumbersQuerySchema>;

/** Body of POST /oauth/users/{userId}/assistant-phone: an E.164 US/Canadian number. */
export const assistantPhoneRequestSchema = z.object({
  assistant_phone: z
    .string()
    .trim()
    .regex(
      /^\+1[2-9]\d{9}$/,
      'assistant_phone must be a US or Canadian number in E.164 form, e.g. +14155550123',
    ),
});
export type AssistantPhoneRequest = z.infer<typeof assistantPhoneRequestSchema>;

export const assistantPhoneResponseSchema = z.object({
  assistant_phone: z.string(),
  message: z.string(),
});
export type AssistantPhoneResponse = z.infer<typeof assistantPhoneResponseSchema>;

/** Texts of spec §8 for step 4, and our own for a number somebody else holds. */
export const PHONE_NUMBER_MESSAGES = {
  lookupSignInAgain: 'Please sign in again to load phone numbers',
  lookupServiceNotFound: 'Phone numbers service not found',
  lookupFailed: (status: number, body: string) => `Failed to load phone numbers (${status}): ${body}`,
  configNotFound: 'Business configuration not found. Please complete previous steps first.',
  numberTaken: 'This phone number was just taken by another business. Please choose another number.',
  numberUnavailable: 'This phone number is no longer available. Please choose another number.',
  providerFailed: 'The phone number service is not responding. Please try again in a moment.',
  saved: 'Assistant phone number saved',
  changeInProgress: 'Another phone number change is in progress. Please wait a moment and try again.',
  dailyLimit: 'You have changed your assistant phone number too often today. Please try again tomorrow.',
} as const;

/** Numbers an owner may buy per day (each costs money at the provider until released). */
export const PHONE_PURCHASES_PER_DAY = 5;

/** The step-4 lookup's error text by HTTP status (spec §8); the wizard then shows the sample numbers. */
export function phoneLookupFailureMessage(status: number, body: string) {
  if (status === 401) return PHONE_NUMBER_MESSAGES.lookupSignInAgain;
  if (status === 404) return PHONE_NUMBER_MESSAGES.lookupServiceNotFound;
  return PHONE_NUMBER_MESSAGES.lookupFailed(status, body);
}
