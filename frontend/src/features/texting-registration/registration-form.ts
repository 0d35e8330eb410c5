import { formatPhone } from '@shared/phone/phone-number';
import type {
  BusinessRegistrationDetails,
  BusinessRegistrationDetailsInput,
  RegistrationFailure,
} from '@shared/schemas/messaging-registration';
import {
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_FIELD_PATHS,
  REGISTRATION_FORM_TEXTS,
  type RegistrationFieldPath,
} from '@shared/messaging-registration-form';

/**
 * The legal-details form as the owner types it: one string per field, keyed by the field's path in the
 * registration details (so a server's `field` and a schema issue's path name the same input). Pure and
 * free of zod: the check itself (registration-validation.ts) loads when the owner submits.
 */
export type RegistrationDraft = Record<RegistrationFieldPath, string>;
export type RegistrationFieldErrors = Partial<Record<RegistrationFieldPath, string>>;

/** What the form can start from before anything was submitted: the business as setup already knows it. */
export type RegistrationDefaults = { legalName?: string; website?: string; email?: string };

const EMPTY_DRAFT = Object.fromEntries(
  REGISTRATION_FIELD_PATHS.map((path) => [path, '']),
) as RegistrationDraft;

/** The stored details (after a failure, what was entered), else the defaults; the country defaults to US. */
export function draftOf(
  details: BusinessRegistrationDetails | undefined,
  defaults: RegistrationDefaults = {},
): RegistrationDraft {
  if (!details) {
    return {
      ...EMPTY_DRAFT,
      legalName: defaults.legalName ?? '',
      website: defaults.website ?? '',
      'contact.email': defaults.email ?? '',
      'address.country': 'US',
    };
  }
  return {
    legalName: details.legalName,
    businessType: details.businessType,
    ein: details.ein ? `${details.ein.slice(0, 2)}-${details.ein.slice(2)}` : '',
    stockTicker: details.stockTicker ?? '',
    stockExchange: details.stockExchange ?? '',
    website: details.website,
    'address.street': details.address.street,
    'address.city': details.address.city,
    'address.region': details.address.region,
    'address.postalCode': details.address.postalCode,
    'address.country': details.address.country,
    'contact.firstName': details.contact.firstName,
    'contact.lastName': details.contact.lastName,
    'contact.email': details.contact.email,
    // Stored as E.164; shown as the owner would write it.
    'contact.phone': formatPhone(details.contact.phone, 'national') ?? details.contact.phone,
    'contact.title': details.contact.title,
  };
}

/** A website typed without a scheme is meant as https (carriers vet only https sites). */
const withScheme = (value: string) => {
  const trimmed = value.trim();
  return !trimmed || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

/** Only what the business type asks for: no EIN for a sole proprietor, a stock listing only when public. */
export const asksForEin = (draft: RegistrationDraft) => draft.businessType !== 'sole_proprietor';
export const asksForListing = (draft: RegistrationDraft) => draft.businessType === 'public_company';

/**
 * The request body the draft stands for, before the check. Empty choices stay absent (`undefined`), so the
 * shared schema names them with its own messages rather than as an unknown value.
 */
export function detailsOf(draft: RegistrationDraft): BusinessRegistrationDetailsInput {
  const optional = (value: string) => (value.trim() ? value : undefined);
  return {
    legalName: draft.legalName,
    businessType: (optional(draft.businessType) ??
      undefined) as BusinessRegistrationDetailsInput['businessType'],
    ...(asksForEin(draft) ? { ein: draft.ein } : {}),
    ...(asksForListing(draft)
      ? {
          stockTicker: draft.stockTicker,
          stockExchange: optional(draft.stockExchange) as BusinessRegistrationDetailsInput['stockExchange'],
        }
      : {}),
    website: withScheme(draft.website),
    address: {
      street: draft['address.street'],
      city: draft['address.city'],
      region: draft['address.region'],
      postalCode: draft['address.postalCode'],
      country: draft['address.country'] as BusinessRegistrationDetailsInput['address']['country'],
    },
    contact: {
      firstName: draft['contact.firstName'],
      lastName: draft['contact.lastName'],
      email: draft['contact.email'],
      phone: draft['contact.phone'],
      title: draft['contact.title'],
    },
  };
}

export const isRegistrationField = (path: unknown): path is RegistrationFieldPath =>
  typeof path === 'string' && path in REGISTRATION_FIELD_LABELS;

/**
 * The field a refusal names (a carrier's failure or the API's 400), with the words to show on it: what to
 * change when the carrier said, else the message. Nothing when it names no field of the form.
 */
export function failureFieldError(
  failure: Pick<RegistrationFailure, 'field'> & { message: string },
): RegistrationFieldErrors {
  return isRegistrationField(failure.field) ? { [failure.field]: failure.message } : {};
}

/**
 * The words naming a failure's field for the owner: its label, or its section's for a whole group (the
 * registry may fault "address" or "contact" as a whole); undefined when it names nothing the form shows.
 */
export function failureFieldLabel(field: string | undefined): string | undefined {
  if (isRegistrationField(field)) return REGISTRATION_FIELD_LABELS[field];
  if (field === 'address') return REGISTRATION_FORM_TEXTS.addressSection;
  if (field === 'contact') return REGISTRATION_FORM_TEXTS.contactSection;
  return undefined;
}
