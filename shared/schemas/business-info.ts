import { BUSINESS_TIME_ZONE_IDS } from '../receptionist/time-zones';
import { z } from 'zod';
import { PERSONALITY_TRAITS, type TraitName } from '../personality';
import { SETUP_MESSAGES } from '../setup-messages';
import { businessHoursSchema } from './business-hours';
import { TEXT_LIMITS } from '../text-limits';
import { isPhone } from '../phone/phone-number';

/**
 * Step 1 and 2 inputs (spec §5 "Business info save", §7 config calls). The business phone is free-form as
 * the owner or the maps service writes it; the API stores it as E.164 (toE164BusinessPhone).
 */
const requiredText = (max: number) =>
  z
    .string({ error: SETUP_MESSAGES.fillRequiredFields })
    .trim()
    .min(1, SETUP_MESSAGES.fillRequiredFields)
    .max(max, SETUP_MESSAGES.tooLong(max));

/**
 * Any country's number that its plan assigns, typed any common way; without a plus it is read as US/Canadian
 * (docs/decisions/166-phone-numbers.md).
 */
export const businessPhoneSchema = requiredText(TEXT_LIMITS.phone).refine(
  (value) => isPhone(value, 'valid'),
  'Please enter a valid phone number',
);

/**
 * A http(s) address with a real host name. Checked by hand as well as by URL: Chrome's URL parser accepts
 * "https://not a url" (it escapes the spaces) while Node's refuses it, and the form and the API must agree.
 */
const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
export const isWebsiteUrl = (value: string) => {
  const match = /^(https?):\/\/([^/?#\s:]+)(:\d{1,5})?([/?#]\S*)?$/i.exec(value);
  if (!match || !HOST_NAME.test(match[2]!)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export const websiteSchema = requiredText(TEXT_LIMITS.website).refine(
  isWebsiteUrl,
  SETUP_MESSAGES.invalidWebsite,
);

/** POST /oauth/config/create and POST /oauth/users/{userId}/config. */
export const businessInfoSchema = z.object({
  business_name: requiredText(TEXT_LIMITS.businessName),
  phone_number: businessPhoneSchema,
  website: websiteSchema,
  address: requiredText(TEXT_LIMITS.address),
  business_hours: businessHoursSchema.optional(),
});
export type BusinessInfo = z.infer<typeof businessInfoSchema>;

export { toE164BusinessPhone } from '../phone/phone-number';

/** PUT /oauth/users/{userId}/config: step 2 (description, assistant name) and later edits of step 1. */
export const configUpdateSchema = z
  .object({
    business_description: z
      .string()
      .trim()
      .min(1, SETUP_MESSAGES.fillRequiredFields)
      .max(TEXT_LIMITS.businessDescription)
      .optional(),
    assistant_name: z
      .string()
      .trim()
      .min(1, SETUP_MESSAGES.fillRequiredFields)
      .max(TEXT_LIMITS.assistantName)
      .optional(),
    business_name: requiredText(200).optional(),
    phone_number: businessPhoneSchema.optional(),
    website: websiteSchema.optional(),
    address: requiredText(500).optional(),
    business_hours: businessHoursSchema.optional(),
    time_zone: z.enum(BUSINESS_TIME_ZONE_IDS, { error: 'Choose a US or Canadian time zone' }).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to update',
  });
export type ConfigUpdate = z.infer<typeof configUpdateSchema>;

const traitOption = <K extends TraitName>(name: K) =>
  z.enum(PERSONALITY_TRAITS[name] as unknown as [string, ...string[]], {
    error: `${name} must be one of: ${PERSONALITY_TRAITS[name].join(', ')}`,
  });

/** Each trait's value must be one of its options (spec §3). */
export const personalityTraitsSchema = z
  .object({
    formality: traitOption('formality').optional(),
    verbosity: traitOption('verbosity').optional(),
    empathy: traitOption('empathy').optional(),
    proactivity: traitOption('proactivity').optional(),
    humor: traitOption('humor').optional(),
  })
  .strict();

/** POST /oauth/config/update-description: the config is identified by its phone; traits optional. */
export const descriptionUpdateSchema = personalityTraitsSchema.extend({
  phone_number: businessPhoneSchema,
  business_description: z.string().trim().min(1).max(TEXT_LIMITS.businessDescription).optional(),
  assistant_name: z.string().trim().min(1).max(TEXT_LIMITS.assistantName).optional(),
});
export type DescriptionUpdate = z.infer<typeof descriptionUpdateSchema>;

/** POST /oauth/users/{userId}/personality. */
export const personalityRequestSchema = z.object({ personality_traits: personalityTraitsSchema });
