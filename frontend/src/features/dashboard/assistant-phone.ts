import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';

/** The ten national digits of a US/Canada number (a leading country code 1 dropped), else undefined. */
function nationalDigits(phone: string | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : undefined;
}

/** Spec §2 Overview: the assistant phone as ddd-ddd-dddd, or 'Not Set' when there is none. */
export function formatAssistantPhone(phone: string | undefined): string {
  const national = nationalDigits(phone);
  if (national) return `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
  const trimmed = phone?.trim();
  // A number we cannot read as North American is still the owner's number: show it as stored.
  return trimmed ? trimmed : DASHBOARD_MESSAGES.phoneNotSet;
}

/** The tel: link of 'Call Assistant', or undefined when no number is configured. */
export function assistantTelHref(phone: string | undefined): string | undefined {
  const national = nationalDigits(phone);
  if (national) return `tel:+1${national}`;
  const digits = (phone ?? '').replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '') ? `tel:${digits}` : undefined;
}
