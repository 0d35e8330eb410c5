import { z } from 'zod';
import { businessHoursSchema } from './business-hours';
import { TEXT_LIMITS } from '../text-limits';

/** Step 1 business search (spec §3 "Maps search result", "Populate response"; §5 "Business search"). */
export const businessLookupRequestSchema = z.object({
  business_name: z.string().trim().min(1, 'Business name is required').max(TEXT_LIMITS.businessName),
  /** 'City, State', optional; an empty string means none. */
  address: z.string().trim().max(TEXT_LIMITS.searchArea).optional(),
});
export type BusinessLookupRequest = z.infer<typeof businessLookupRequestSchema>;

export const businessLookupResultSchema = z.object({
  /** The maps service's id for the place, for a later populate call. */
  place_id: z.string(),
  name: z.string(),
  address: z.string().optional(),
  website: z.string().optional(),
  phone: z.string().optional(),
  /** One line per weekday, e.g. 'Monday: 9:00 AM – 5:00 PM'. */
  hours: z.array(z.string()).optional(),
  rating: z.number().optional(),
});
export type BusinessLookupResult = z.infer<typeof businessLookupResultSchema>;

export const businessLookupResponseSchema = z.object({ results: z.array(businessLookupResultSchema) });

/** Populate: by name + address as the spec sends it, or by a place_id from the search results. */
export const businessPopulateRequestSchema = businessLookupRequestSchema.extend({
  place_id: z.string().trim().min(1).max(300).optional(),
});

export const populatedConfigSchema = z.object({
  business_name: z.string(),
  website: z.string().optional(),
  phone_number: z.string().optional(),
  address: z.string().optional(),
  business_hours: businessHoursSchema.optional(),
});
export const businessPopulateResponseSchema = z.object({ populated_config: populatedConfigSchema });

/** Spec §8 texts the wizard shows for lookup and populate failures. */
export const BUSINESS_LOOKUP_MESSAGES = {
  tooManyRequests: 'Too many requests. Please wait a moment and try again',
  detailsNotFound: 'Business details not found. Please try manual entry',
  serviceFailed: 'The business search service is unavailable. Please try again later',
} as const;
