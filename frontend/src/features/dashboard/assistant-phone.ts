import { DASHBOARD_MESSAGES } from '@shared/dashboard-messages';
import { formatPhone, phoneTelHref } from '@shared/phone/phone-number';

/**
 * The last number read and what was made of it. The Overview renders again on every query answer during
 * its first second (and every refresh), always with the same assistant number, and each reading runs
 * libphonenumber's parser (a few ms on a phone): once per number is enough (issue 41 §4).
 */
function lastOnly<T>(read: (phone: string | undefined) => T): (phone: string | undefined) => T {
  let last: { phone: string | undefined; value: T } | undefined;
  return (phone) => {
    if (!last || last.phone !== phone) last = { phone, value: read(phone) };
    return last.value;
  };
}

/**
 * Spec §2 Overview: the assistant phone as ddd-ddd-dddd, or 'Not Set' when there is none. A number that is
 * not North American is still the owner's number: shown as stored.
 */
export const formatAssistantPhone = lastOnly(
  (phone): string => formatPhone(phone, 'dashed') ?? DASHBOARD_MESSAGES.phoneNotSet,
);

/** The tel: link of 'Call Assistant' (E.164), or undefined when no number is configured. */
export const assistantTelHref = lastOnly((phone): string | undefined => phoneTelHref(phone));
