import { z } from 'zod';
import { isWebsiteUrl } from './business-info';
import { typedPhoneSchema } from './phone-number';
import { REGISTRATION_STATES } from '../messaging-registration-states';

// The states and their texts live apart, without zod, for the pages that only show them.
export {
  REGISTRATION_STATES,
  REGISTRATION_STATE_TEXTS,
  textingAllowedIn,
  type RegistrationState,
} from '../messaging-registration-states';

/**
 * A2P 10DLC registration of an owner's business (docs/decisions/169-a2p-10dlc-registration.md): the legal
 * details the owner enters, the registration's states, the texts the owner reads about them, and the HTTP
 * contract. US carriers block texts from unregistered 10-digit numbers, so until the campaign is approved
 * the assistant sends no texts to US numbers (calls are unaffected).
 *
 * HTTP (token subject must equal {userId}):
 * - GET  /oauth/users/{userId}/messaging-registration       → MessagingRegistration (state not_started when none)
 * - PUT  /oauth/users/{userId}/messaging-registration       body BusinessRegistrationDetails → MessagingRegistration
 *     submits, or resubmits after a failure. Errors: 400 RegistrationFieldError naming the field;
 *     422 RegistrationRejectedError (the provider refused it: its reason in words, what to change, and the
 *     stored registration, which keeps what was entered; locally the stand-in refuses the EIN 99-9999999 this
 *     way, as the registry does an EIN that does not match the legal name); 409 RegistrationConflictError while in review,
 *     waiting for the code, or approved; 429 over MESSAGING_REGISTRATION_SUBMISSIONS_PER_DAY.
 * - POST /oauth/users/{userId}/messaging-registration/otp   body {} → MessagingRegistration
 *     (sole proprietors, in state otp_required): texts the verification message to the contact's mobile
 *     again. The code is never typed into the product: as in Twilio's flow, the contact replies YES to the
 *     registry's text and the registry tells us (a status callback). 409 in any other state; 429 over
 *     MESSAGING_REGISTRATION_OTP_RESENDS_PER_DAY.
 *
 * Local mode only (the stand-in's control; each sends a SIGNED status callback to the real callback route,
 * POST /webhooks/twilio/messaging-registration, exactly as Twilio would; no auth, like the other /local pages):
 * - POST /local/a2p/{userId}/approve                  → 200 MessagingRegistration (state approved)
 * - POST /local/a2p/{userId}/fail                     body { reason?, field? } (both optional; field is a details
 *     path like 'website' or 'address.postalCode'; without either, a realistic carrier rejection of the website;
 *     what to change follows from the field, REGISTRATION_FIX_TEXTS) → 200 MessagingRegistration (state failed)
 * - POST /local/a2p/{userId}/request-otp              → 200 MessagingRegistration (state otp_required; sole
 *     proprietors: the registry has texted the contact's mobile and waits for YES)
 * - POST /local/a2p/{userId}/confirm-otp              → 200 MessagingRegistration (the contact replied YES: the
 *     brand is verified and the campaign goes to review: state in_review, or resubmitted after a failure)
 *   A control for a state the registration cannot move to answers 409 { error, message }; an owner with no
 *   submitted registration 404. `approve` of a sole proprietor needs request-otp and confirm-otp first.
 */

export const BUSINESS_TYPES = [
  'sole_proprietor',
  'private_company',
  'public_company',
  'non_profit',
  'government',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const REGISTRATION_COUNTRIES = ['US', 'CA'] as const;
export type RegistrationCountry = (typeof REGISTRATION_COUNTRIES)[number];

/** USPS state and territory codes (with DC and the armed-forces codes carriers' registry accepts). */
export const US_REGION_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH',
  'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'AS', 'GU', 'MP',
  'PR', 'VI', 'AA', 'AE', 'AP',
] as const; // prettier-ignore
/** Canada Post province and territory codes. */
export const CA_REGION_CODES = [
  'AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
] as const; // prettier-ignore

/** Each brand registration and campaign vetting is billed by the carriers' registry: a per-owner daily cap. */
export const MESSAGING_REGISTRATION_SUBMISSIONS_PER_DAY = 3;
/** Verification texts a sole proprietor may ask again per day (each one texts the contact's mobile). */
export const MESSAGING_REGISTRATION_OTP_RESENDS_PER_DAY = 3;

export const REGISTRATION_TEXT_LIMITS = {
  legalName: 200,
  street: 200,
  city: 100,
  name: 100,
  title: 100,
  website: 500,
  email: 254,
  reason: 1000,
} as const;

/** Field error messages, one per rule, by the field's path as the 400 answer's `field` names it. */
export const REGISTRATION_FIELD_MESSAGES = {
  required: 'Please fill in this field',
  tooLong: (max: number) => `Please use at most ${max} characters`,
  businessType: 'Please choose the kind of business',
  ein: 'Please enter the 9-digit tax number (EIN in the US, Business Number in Canada), like 12-3456789',
  einPrefix: 'This EIN cannot be right: its first two digits are not used by the IRS. Please check it',
  einNotForSoleProprietor: 'A sole proprietor registers without an EIN. Please leave it empty',
  stockTicker: 'Please enter the stock ticker of a public company, like ACME',
  stockExchange: 'Please choose the stock exchange the company is listed on',
  website: 'Please enter the business website starting with https://, like https://example.com',
  country: 'Please choose the United States or Canada',
  usRegion: 'Please choose a US state',
  caRegion: 'Please choose a Canadian province or territory',
  usPostalCode: 'Please enter a 5-digit ZIP code, like 94110 or 94110-1234',
  caPostalCode: 'Please enter a postal code, like K1A 0B1',
  email: 'Please enter a valid e-mail address, like owner@example.com',
  phone: 'Please enter a US or Canadian mobile number, like +1 415 555 0142',
} as const;

/** The Campaign Registry's exchanges for a public company's listing. */
export const STOCK_EXCHANGES = ['NASDAQ', 'NYSE', 'AMEX', 'TSX', 'TSXV', 'LSE', 'OTHER'] as const;

const M = REGISTRATION_FIELD_MESSAGES;

const text = (max: number) =>
  z.string({ error: M.required }).trim().min(1, M.required).max(max, M.tooLong(max));

/** The IRS's unused EIN prefixes: a number starting with one of them is a typo. */
const UNUSED_EIN_PREFIXES = [
  '00',
  '07',
  '08',
  '09',
  '17',
  '18',
  '19',
  '28',
  '29',
  '49',
  '69',
  '70',
  '78',
  '79',
  '89',
  '96',
  '97',
];

/** Typed as 12-3456789 or 123456789; stored as the nine digits. */
const einSchema = z
  .string({ error: M.ein })
  .trim()
  .regex(/^\d{2}-?\d{7}$/, M.ein)
  .transform((value) => value.replace('-', ''));

/** https only, a host name with a letters-only top-level domain: what the carriers' vetting can open. */
export const isRegistrationWebsite = (value: string) => {
  if (!/^https:\/\//i.test(value) || !isWebsiteUrl(value)) return false;
  const host = new URL(value).hostname;
  return /\.[a-z]{2,63}$/i.test(host) && !/(^|\.)(localhost|example|test|invalid|local)$/i.test(host);
};

/** A US or Canadian number, stored as E.164 (the phone helper's 'north-american' rule, decision 166). */
const contactPhoneSchema = z
  .string({ error: M.phone })
  .pipe(typedPhoneSchema({ rule: 'north-american', message: M.phone, maxChars: 25 }));

const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

export const registeredAddressSchema = z
  .object({
    street: text(REGISTRATION_TEXT_LIMITS.street),
    city: text(REGISTRATION_TEXT_LIMITS.city),
    region: z.string({ error: M.required }).trim().toUpperCase(),
    postalCode: z.string({ error: M.required }).trim().toUpperCase(),
    country: z.enum(REGISTRATION_COUNTRIES, { error: M.country }),
  })
  .superRefine((address, ctx) => {
    const us = address.country === 'US';
    const regions: readonly string[] = us ? US_REGION_CODES : CA_REGION_CODES;
    if (!regions.includes(address.region)) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: us ? M.usRegion : M.caRegion });
    }
    if (!(us ? US_ZIP : CA_POSTAL).test(address.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: us ? M.usPostalCode : M.caPostalCode });
    }
  })
  // Canada Post writes a postal code with one space in the middle.
  .transform((address) => ({
    ...address,
    postalCode:
      address.country === 'CA'
        ? address.postalCode.replace(/\s/g, '').replace(/^(.{3})/, '$1 ')
        : address.postalCode,
  }));

export const authorizedContactSchema = z.object({
  firstName: text(REGISTRATION_TEXT_LIMITS.name),
  lastName: text(REGISTRATION_TEXT_LIMITS.name),
  email: z
    .string({ error: M.email })
    .trim()
    .max(REGISTRATION_TEXT_LIMITS.email, M.email)
    .pipe(z.email(M.email)),
  phone: contactPhoneSchema,
  title: text(REGISTRATION_TEXT_LIMITS.title),
});

/**
 * PUT /oauth/users/{userId}/messaging-registration. `ein` is the nine-digit tax number (EIN in the US, the
 * Business Number in Canada), required for every type but sole_proprietor, which registers without one.
 * A public company also names its stock listing (the registry checks it).
 */
export const businessRegistrationDetailsSchema = z
  .object({
    legalName: text(REGISTRATION_TEXT_LIMITS.legalName),
    businessType: z.enum(BUSINESS_TYPES, { error: M.businessType }),
    ein: einSchema.optional(),
    stockTicker: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9.]{1,10}$/, M.stockTicker)
      .optional(),
    stockExchange: z.enum(STOCK_EXCHANGES, { error: M.stockExchange }).optional(),
    website: z
      .string({ error: M.website })
      .trim()
      .max(REGISTRATION_TEXT_LIMITS.website, M.tooLong(REGISTRATION_TEXT_LIMITS.website))
      .refine(isRegistrationWebsite, M.website),
    address: registeredAddressSchema,
    contact: authorizedContactSchema,
  })
  .strict()
  .superRefine((details, ctx) => {
    if (details.businessType === 'sole_proprietor') {
      if (details.ein !== undefined)
        ctx.addIssue({ code: 'custom', path: ['ein'], message: M.einNotForSoleProprietor });
    } else if (details.ein === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ein'], message: M.ein });
    } else if (details.address.country === 'US' && UNUSED_EIN_PREFIXES.includes(details.ein.slice(0, 2))) {
      ctx.addIssue({ code: 'custom', path: ['ein'], message: M.einPrefix });
    }
    if (details.businessType === 'public_company') {
      if (!details.stockTicker)
        ctx.addIssue({ code: 'custom', path: ['stockTicker'], message: M.stockTicker });
      if (!details.stockExchange) {
        ctx.addIssue({ code: 'custom', path: ['stockExchange'], message: M.stockExchange });
      }
    }
  });
export type BusinessRegistrationDetailsInput = z.input<typeof businessRegistrationDetailsSchema>;
export type BusinessRegistrationDetails = z.output<typeof businessRegistrationDetailsSchema>;

/**
 * The brand type the registration uses, derived, never chosen by the owner (decision 169):
 * - a sole proprietor (no EIN) → Sole Proprietor, with its code step;
 * - a public company or a government body → Standard: the registry vets them from public records, and they
 *   get the higher throughput Standard brands are allowed;
 * - a private company or a non-profit → Low-Volume Standard: one business's receptionist sends far fewer
 *   than the 6,000 message segments a day that brand type allows (SMS_OWNER_DAILY_LIMIT caps its replies
 *   at 2,000), and it skips the paid secondary vetting.
 */
export const BRAND_TYPES = ['standard', 'low_volume_standard', 'sole_proprietor'] as const;
export type BrandType = (typeof BRAND_TYPES)[number];
export function brandTypeFor(businessType: BusinessType): BrandType {
  if (businessType === 'sole_proprietor') return 'sole_proprietor';
  if (businessType === 'public_company' || businessType === 'government') return 'standard';
  return 'low_volume_standard';
}
export const BRAND_TYPE_LABELS: Record<BrandType, string> = {
  standard: 'Standard',
  low_volume_standard: 'Low-Volume Standard',
  sole_proprietor: 'Sole Proprietor',
};

export const registrationFailureSchema = z.object({
  /** The details field to change, by its path (e.g. 'website', 'address.postalCode'), when one is at fault. */
  field: z.string().optional(),
  reason: z.string(),
  whatToChange: z.string(),
});
export type RegistrationFailure = z.infer<typeof registrationFailureSchema>;

/** GET / PUT / POST otp answer. `details` is what the owner entered, as stored (no provider ids). */
export const messagingRegistrationSchema = z.object({
  state: z.enum(REGISTRATION_STATES),
  details: businessRegistrationDetailsSchema.optional(),
  brandType: z.enum(BRAND_TYPES).optional(),
  failure: registrationFailureSchema.optional(),
  submittedAt: z.iso.datetime().optional(),
  updatedAt: z.iso.datetime(),
  textingAllowed: z.boolean(),
  /** The owner's changed assistant number has not joined the registered campaign yet: its US texts wait. */
  numberPending: z.boolean().optional(),
});
export type MessagingRegistration = z.infer<typeof messagingRegistrationSchema>;

/** POST …/messaging-registration/otp: nothing to send; the contact answers the registry's text itself. */
export const registrationOtpResendSchema = z.object({}).strict();

/** 400: the first wrong field, by path, with its message. */
export const registrationFieldErrorSchema = z.object({
  error: z.literal('invalid_registration'),
  message: z.string(),
  field: z.string(),
});
/** 422: the provider refused the submission; what was entered is stored as the failed registration. */
export const registrationRejectedErrorSchema = z.object({
  error: z.literal('registration_rejected'),
  message: z.string(),
  field: z.string().optional(),
  whatToChange: z.string(),
  registration: messagingRegistrationSchema,
});
/** 409: the registration cannot change in its current state. */
export const registrationConflictErrorSchema = z.object({
  error: z.enum([
    'registration_in_review',
    'registration_awaiting_code',
    'registration_approved',
    'otp_not_requested',
  ]),
  message: z.string(),
});

/** Error texts of the routes (messages of the 409/422/429 answers). */
export const REGISTRATION_MESSAGES = {
  inReview: 'Your registration is being reviewed. You can change it if the carriers ask for a change.',
  awaitingCode: 'Please reply YES to the verification text on your contact mobile first.',
  approved: 'Your business is already registered for texting.',
  otpNotRequested: 'No verification text is waiting for a reply for this registration.',
  otpResent: 'We asked the registry to text your contact mobile again. Reply YES to it within 24 hours.',
  dailyLimit: `You can submit your registration ${MESSAGING_REGISTRATION_SUBMISSIONS_PER_DAY} times a day. Please try again tomorrow.`,
  otpLimit: `The verification text can be sent ${MESSAGING_REGISTRATION_OTP_RESENDS_PER_DAY} times a day. Please try again tomorrow.`,
  providerUnavailable: 'The registration service is not responding. Please try again in a moment.',
  /** The message the owner finds for a text the assistant could not answer while texting is not registered. */
  unansweredText: (text: string) =>
    `Texted while your texting registration is not approved, so the assistant could not reply: "${text.slice(0, 500)}"`,
} as const;

/**
 * What to change, by the details field the carriers or the registry found at fault (the `field` of a failure);
 * `general` when they named none. Shown under the failure's reason.
 */
export const REGISTRATION_FIX_TEXTS = {
  legalName:
    'Enter the legal name exactly as registered with the IRS or your state, including endings like LLC or Inc.',
  ein: 'Check that the tax number and the legal name match your IRS letter (CP 575 or 147C) exactly.',
  stockTicker: 'Check the stock ticker and the exchange your company is listed on.',
  website:
    'Use a working website of your business that shows its name and says how you use customer phone numbers.',
  address: 'Enter the address registered for your business with the IRS or your state.',
  'contact.email': "Use an e-mail address at your business's own domain that receives mail.",
  'contact.phone': 'Use a mobile number (not a landline or internet number) that can receive texts.',
  contact: 'Check the name and title of the person authorized to represent the business.',
  general: 'Check every detail against your official registration documents, then submit again.',
} as const;

/** The fix text for a failure's field: its own, its group's (address.city → address), else the general one. */
export function whatToChangeFor(field: string | undefined): string {
  const texts: Record<string, string> = REGISTRATION_FIX_TEXTS;
  if (!field) return REGISTRATION_FIX_TEXTS.general;
  return texts[field] ?? texts[field.split('.')[0]!] ?? REGISTRATION_FIX_TEXTS.general;
}

/** The e-mails the owner gets when the carriers decide (to the sign-in address). */
export const REGISTRATION_EMAIL_TEXTS = {
  approved: {
    subject: 'Texting is on: your business is registered with the carriers',
    lines: (business: string) => [
      `Good news: the US carriers approved ${business} for texting.`,
      'Your assistant now texts callers their booking confirmations, deposit links and receipts.',
    ],
  },
  failed: {
    subject: 'Your texting registration needs a change',
    lines: (business: string, failure: RegistrationFailure) => [
      `The US carriers did not approve the texting registration of ${business}.`,
      `Their reason: ${failure.reason}`,
      `What to change: ${failure.whatToChange}`,
      'Until it is approved, your assistant answers calls as usual but sends no texts to US numbers.',
    ],
  },
  /** The link's words and where it leads (the dashboard's registration). */
  linkLabel: 'Open your registration:',
} as const;
