import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';
import { formatPhone, phoneTelHref } from '@shared/phone/phone-number';

/**
 * Spec §2 Overview: the assistant phone as ddd-ddd-dddd, or 'Not Set' when there is none. A number that is
 * not North American is still the owner's number: shown as stored.
 */
export const formatAssistantPhone = (phone: string | undefined): string =>
  formatPhone(phone, 'dashed') ?? DASHBOARD_MESSAGES.phoneNotSet;

/** The tel: link of 'Call Assistant' (E.164), or undefined when no number is configured. */
export const assistantTelHref = (phone: string | undefined): string | undefined => phoneTelHref(phone);
