import { whatToChangeFor, type RegistrationFailure } from '@shared/schemas/messaging-registration';

/**
 * The Campaign Registry's and Trust Hub's field names (as Twilio reports them in
 * `registrationerrorfields` and evaluation results) mapped to the details fields the owner edits.
 */
const REGISTRY_FIELDS: Record<string, string> = {
  business_name: 'legalName',
  company_name: 'legalName',
  brand_name: 'legalName',
  legal_name: 'legalName',
  ein: 'ein',
  tax_id: 'ein',
  business_registration_number: 'ein',
  stock_symbol: 'stockTicker',
  stock_ticker: 'stockTicker',
  stock_exchange: 'stockExchange',
  website: 'website',
  website_url: 'website',
  street: 'address.street',
  city: 'address.city',
  state: 'address.region',
  region: 'address.region',
  postal_code: 'address.postalCode',
  country: 'address.country',
  iso_country: 'address.country',
  brand_contact_email: 'contact.email',
  email: 'contact.email',
  mobile_phone: 'contact.phone',
  mobile_phone_number: 'contact.phone',
  phone_number: 'contact.phone',
  first_name: 'contact.firstName',
  last_name: 'contact.lastName',
  business_title: 'contact.title',
};

export const detailsFieldOf = (registryField: string | undefined): string | undefined =>
  registryField ? REGISTRY_FIELDS[registryField.trim().toLowerCase()] : undefined;

/** A provider's refusal in the owner's words: its own description, the field at fault and what to change. */
export function failureFrom(
  description: string | undefined,
  registryFields: string[] = [],
): RegistrationFailure {
  const field = registryFields.map(detailsFieldOf).find((mapped) => mapped !== undefined);
  const reason =
    (description ?? '').trim().slice(0, 1000) || 'The carriers did not approve the registration.';
  return { ...(field ? { field } : {}), reason, whatToChange: whatToChangeFor(field) };
}

/** The registry's name of a details field (the local stand-in reports failures the way Twilio does). */
export const registryFieldFor = (detailsField: string): string | undefined =>
  Object.entries(REGISTRY_FIELDS).find(([, mapped]) => mapped === detailsField)?.[0];
