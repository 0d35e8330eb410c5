import { z } from 'zod';
import { businessInfoSchema, toE164BusinessPhone } from '@shared/schemas/business-info';

/**
 * Step 1's form (spec §5): the API's own business-info schema (all four required, 'Please fill in all
 * required fields', website a URL), after two kindnesses: a website typed without a scheme gets https://,
 * and the phone is sent as E.164.
 */
export const normalizeWebsite = (value: string) => {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

export const businessInfoFormSchema = z
  .object({
    business_name: z.string(),
    phone_number: z.string(),
    website: z.string(),
    address: z.string(),
  })
  .transform((form) => ({ ...form, website: normalizeWebsite(form.website) }))
  .pipe(businessInfoSchema.omit({ business_hours: true }));
export type BusinessInfoForm = z.input<typeof businessInfoFormSchema>;

/** The values sent to the API: trimmed, website with a scheme, phone as E.164. */
export function businessInfoPayload(form: BusinessInfoForm) {
  const parsed = businessInfoFormSchema.parse(form);
  return { ...parsed, phone_number: toE164BusinessPhone(parsed.phone_number) };
}
