import { SETUP_MESSAGES } from './setup-messages';

/**
 * Step 4's texts, the purchase limit and the lookup's error text (spec §8, §9). The phone-number requests'
 * and answers' schemas are in shared/schemas/phone-numbers.ts, apart so the wizard's texts do not build them.
 */
/** Texts of spec §8 for step 4, and our own for a number somebody else holds. */
export const PHONE_NUMBER_MESSAGES = {
  lookupSignInAgain: 'Please sign in again to load phone numbers',
  lookupServiceNotFound: 'Phone numbers service not found',
  lookupFailed: (status: number, body: string) => `Failed to load phone numbers (${status}): ${body}`,
  configNotFound: SETUP_MESSAGES.configurationNotFoundCompletePrevious,
  numberTaken: 'This phone number was just taken by another business. Please choose another number.',
  numberUnavailable: 'This phone number is no longer available. Please choose another number.',
  providerFailed: 'The phone number service is not responding. Please try again in a moment.',
  saved: 'Assistant phone number saved',
  changeInProgress: 'Another phone number change is in progress. Please wait a moment and try again.',
  dailyLimit: 'You have changed your assistant phone number too often today. Please try again tomorrow.',
  /** The number search's per-owner limit (429), with the wait from its Retry-After. */
  searchLimited: (retryAfterSeconds: number) =>
    `You have searched for numbers many times in a short while. Please try again ${waitInWords(retryAfterSeconds)}.`,
} as const;

/** A wait in words, rounded up to what a person reads: 'in 40 seconds', 'in 1 minute', 'in 2 hours'. */
export function waitInWords(seconds: number): string {
  const count = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  if (!Number.isFinite(seconds) || seconds <= 0) return 'in a moment';
  if (seconds < 60) return count(Math.ceil(seconds), 'second');
  if (seconds < 3600) return count(Math.ceil(seconds / 60), 'minute');
  return count(Math.ceil(seconds / 3600), 'hour');
}

/** Numbers an owner may buy per day (each costs money at the provider until released). */
export const PHONE_PURCHASES_PER_DAY = 5;

/**
 * The step-4 lookup's error text by HTTP status (spec §8); the wizard then shows the sample numbers. A 429
 * says in words when to search again (`retryAfterSeconds` from the answer's details).
 */
export function phoneLookupFailureMessage(status: number, body: string, retryAfterSeconds?: number) {
  if (status === 401) return PHONE_NUMBER_MESSAGES.lookupSignInAgain;
  if (status === 404) return PHONE_NUMBER_MESSAGES.lookupServiceNotFound;
  if (status === 429 && retryAfterSeconds !== undefined) {
    return PHONE_NUMBER_MESSAGES.searchLimited(retryAfterSeconds);
  }
  return PHONE_NUMBER_MESSAGES.lookupFailed(status, body);
}
