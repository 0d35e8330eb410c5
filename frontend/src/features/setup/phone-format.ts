import { formatPhone, phoneDigits } from '@shared/phone/phone-number';

/**
 * The setup wizard's phone fields (spec §5 "Manager phone"): US/Canada numbers, typed as digits, shown as
 * ddd-ddd-dddd, stored with the +1 prefix. Numbers are read and written by the phone helper; only the
 * keystroke mask is the wizard's own.
 */
export const MANAGER_PHONE_PLACEHOLDER = '123-456-7890';

/** Digits only, at most 10, formatted ddd-ddd-dddd while typing. */
export function formatManagerPhoneInput(raw: string): string {
  const digits = phoneDigits(raw).slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A stored +1 number back into ddd-ddd-dddd for the input; anything else as its typed digits. */
export function storedPhoneToDisplay(stored: string | undefined): string {
  if (!stored) return '';
  const dashed = formatPhone(stored, 'dashed');
  return dashed && dashed !== stored.trim() ? dashed : formatManagerPhoneInput(stored);
}

/** True when the display value holds a complete 10-digit number. */
export const isCompleteManagerPhone = (display: string) => phoneDigits(display).length === 10;

/** A phone number as the wizard shows it: +1 (415) 555-0100 for North American numbers, else unchanged. */
export const formatPhoneForDisplay = (phone: string): string => formatPhone(phone, 'international') ?? phone;
