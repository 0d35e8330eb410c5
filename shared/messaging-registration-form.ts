import type { BusinessType } from './schemas/messaging-registration';
import type { RegistrationState } from './messaging-registration-states';

/**
 * The owner's side of texting registration (docs/decisions/169-a2p-10dlc-registration.md): the labels of the
 * legal-details form, the words around each state and the Overview's notice. Apart from the schemas in
 * messaging-registration.ts and free of zod, so the Overview can say texts are paused without loading them
 * (frontend/src/app/account-schema-imports.test.ts).
 */

/** The dashboard's tab of the registration, and the link to it (the owner's e-mails lead there). */
export const REGISTRATION_DASHBOARD_TAB = 'texting';
export const REGISTRATION_DASHBOARD_PATH = `/dashboard?tab=${REGISTRATION_DASHBOARD_TAB}`;

/** Every field of the form, by its path in BusinessRegistrationDetails (the 400 answer's `field`). */
export const REGISTRATION_FIELD_LABELS = {
  legalName: 'Legal business name',
  businessType: 'Kind of business',
  ein: 'Tax number (EIN)',
  stockTicker: 'Stock ticker',
  stockExchange: 'Stock exchange',
  website: 'Business website',
  'address.street': 'Street address',
  'address.city': 'City',
  'address.region': 'State or province',
  'address.postalCode': 'ZIP or postal code',
  'address.country': 'Country',
  'contact.firstName': 'First name',
  'contact.lastName': 'Last name',
  'contact.email': 'E-mail',
  'contact.phone': 'Mobile number',
  'contact.title': 'Job title',
} as const;
export type RegistrationFieldPath = keyof typeof REGISTRATION_FIELD_LABELS;
export const REGISTRATION_FIELD_PATHS = Object.keys(REGISTRATION_FIELD_LABELS) as RegistrationFieldPath[];

export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  sole_proprietor: 'Sole proprietor (no EIN)',
  private_company: 'Private company',
  public_company: 'Public company',
  non_profit: 'Non-profit',
  government: 'Government',
};

/** The short state name on the badge beside each heading. */
export const REGISTRATION_BADGES: Record<RegistrationState, string> = {
  not_started: 'Not registered',
  in_review: 'In review',
  otp_required: 'Confirm by text',
  approved: 'Approved',
  failed: 'Needs a change',
  resubmitted: 'In review again',
};

export const REGISTRATION_FORM_TEXTS = {
  title: 'Texting registration',
  /** A changed assistant number not yet in the registered campaign (decision 169, "A changed number"). */
  numberPending:
    'Your new assistant number is still being added to your texting registration. Texts to US numbers from it wait until it is; we keep trying.',
  intro:
    'Carriers ask for the legal details of every business that texts its customers. Enter them exactly as they appear on your tax records.',
  businessSection: 'Your business',
  addressSection: 'Registered address',
  contactSection: 'Authorized contact',
  contactHint: 'The person carriers may contact about this registration.',
  einHint: 'Nine digits, like 12-3456789. In Canada, the first nine digits of your Business Number.',
  soleProprietorHint:
    "Sole proprietors register without an EIN. The carriers' registry then texts the mobile number below: reply YES to confirm it is yours.",
  websiteHint: 'The public website carriers check, starting with https://.',
  phoneHint: 'A US or Canadian mobile number that can receive texts.',
  chooseOne: 'Choose…',
  countryNames: { US: 'United States', CA: 'Canada' },
  submit: 'Submit for review',
  resubmit: 'Resubmit for review',
  submitting: 'Submitting…',
  fixFields: 'Please correct the highlighted fields.',
  rejectedTitle: 'The carriers did not accept this registration',
  failureReason: 'Reason',
  whatToChange: 'What to change',
  fieldToChange: (label: string) => `Field to change: ${label}`,
  submittedSummary: 'Submitted details',
  brandType: 'Registration type',
  submittedAt: 'Submitted',
  verificationSentTo: (phone: string) => `Verification text sent to ${phone}.`,
  resendVerification: 'Text it again',
  resending: 'Sending…',
  loading: 'Loading your texting registration…',
  openRegistration: 'Register for texting',
  viewRegistration: 'View registration',
  fixRegistration: 'Fix your registration',
  replyYes: 'See how to confirm',
  setupLater:
    "Not ready? You can register later from the dashboard's Texting tab: your assistant answers calls meanwhile.",
} as const;

/** The Overview's notice, shown until the campaign is approved: texts are paused, and why. */
export const TEXTING_PAUSED_TEXTS = {
  title: 'Texts to callers are paused',
  why: 'US carriers block texts from businesses that are not registered with them, so your assistant answers calls but sends no texts (confirmations, deposit links, receipts) until your registration is approved.',
} as const;

/**
 * A review takes days: read the state again this often while it is in review (an approval shows unreloaded),
 * or while a changed number waits to join the registration (each read retries that).
 */
export const REGISTRATION_REVIEW_REFRESH_MS = 60_000;
