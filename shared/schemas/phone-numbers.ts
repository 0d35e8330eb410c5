import { z } from 'zod';
import { businessConfigSchema } from './business-config';
import { e164PhoneSchema } from './phone-number';

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

/**
 * Body of POST /oauth/users/{userId}/assistant-phone: an E.164 US/Canadian number, the only ones the product
 * buys (docs/decisions/166-phone-numbers.md).
 */
export const assistantPhoneRequestSchema = z.object({
  assistant_phone: e164PhoneSchema({
    rule: 'north-american',
    message: 'assistant_phone must be a US or Canadian number in E.164 form, e.g. +14155550123',
  }),
});
export type AssistantPhoneRequest = z.infer<typeof assistantPhoneRequestSchema>;

export const assistantPhoneResponseSchema = z.object({
  assistant_phone: z.string(),
  message: z.string(),
  /** The config as stored with its new number (as GET shows it), so the wizard need not read it again. */
  config: businessConfigSchema,
});
export type AssistantPhoneResponse = z.infer<typeof assistantPhoneResponseSchema>;
