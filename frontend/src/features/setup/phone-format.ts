/**
 * Pure phone-number helpers of the setup wizard (spec §5 "Manager phone"): US/Canada numbers, typed as
 * digits, shown as ddd-ddd-dddd, stored with the +1 prefix.
 */
export const MANAGER_PHONE_PLACEHOLDER = '123-456-7890';

/** Digits only, at most 10, formatted ddd-ddd-dddd while typing. */
export function formatManagerPhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A stored +1 number (or any number) back into ddd-ddd-dddd for the input. */
export function storedPhoneToDisplay(stored: string | undefined): string {
  if (!stored) return '';
  let digits = stored.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return formatManagerPhoneInput(digits);
}

/** True when the display value holds a complete 10-digit number. */
export const isCompleteManagerPhone = (display: string) => display.replace(/\D/g, '').length === 10;

/** A phone number as the wizard shows it: +1 (415) 555-0100 for North American numbers, else unchanged. */
export function formatPhoneForDisplay(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
