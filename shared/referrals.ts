import { PLAN_CATALOGUE } from './plans';
import type { Referral, ReferralStatus } from './schemas/referral';

/** Spec §9: at most this many referrals may wait as no_response at once. */
export const MAX_PENDING_REFERRALS = 3;

/** Spec §3: the referrer's name in an invitation when none is given. */
export const DEFAULT_REFERRER_NAME = 'A friend';

/** The `?ref=` query parameter of the sign-up link (the signup page keeps it under REFERRAL_STORAGE_KEY). */
export const REFERRAL_QUERY = 'ref';

/** Spec §8 "Referrals" and §5, word for word. */
export const REFERRAL_MESSAGES = {
  loadFailed: 'Failed to load referrals',
  createFailed: 'Failed to create referral',
  invitationFailed: 'Failed to send invitation email',
  cancelFailed: 'Failed to cancel referral',
  invitationSent: (email: string) => `Invitation email sent to ${email}!`,
  maxPendingHint: 'Maximum 3 referrals. Cancel "No Response" referrals to add more.',
  copied: 'Copied!',
} as const;

/** Server-side refusals (not given by the spec; the UI shows them through the server's error field). */
export const REFERRAL_ERRORS = {
  selfReferral: 'You cannot refer yourself',
  duplicate: 'This e-mail has already been referred',
  notFound: 'Referral not found',
  onlyNoResponse: 'Only "No Response" referrals can be e-mailed or cancelled',
  unknownCode: 'Unknown referral code',
  emailRequired: 'Your account has no e-mail address',
  existingCustomer: 'Referral codes apply to new accounts only',
} as const;

/** Spec §9 timings: 'Copied!' 2 s, invitation notice 5 s. */
export const REFERRAL_TIMINGS = { copiedMs: 2000, invitationNoticeMs: 5000 } as const;

/** Spec §4 "Referral status": progress per status. */
export const REFERRAL_PROGRESS: Record<ReferralStatus, number> = {
  no_response: 25,
  trial: 75,
  complete: 100,
  cancelled: 0,
};

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  no_response: 'No Response',
  trial: 'Trial',
  complete: 'Complete',
  cancelled: 'Canceled',
};

/** Spec §4: only no_response referrals can be e-mailed or cancelled. */
export const canEmailOrCancel = (status: ReferralStatus) => status === 'no_response';

/** Lower-cased and trimmed, so one address is one referee however it was typed. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const pendingCount = (referrals: ReadonlyArray<Pick<Referral, 'status'>>) =>
  referrals.filter((r) => r.status === 'no_response').length;

/** Spec §5 / §9: another referral may be added while fewer than 3 are no_response. */
export const canAddReferral = (referrals: ReadonlyArray<Pick<Referral, 'status'>>) =>
  pendingCount(referrals) < MAX_PENDING_REFERRALS;

/** Spec §5: Add is disabled while saving, when the trimmed e-mail is empty, or at 3 pending. */
export const isAddDisabled = (
  email: string,
  saving: boolean,
  referrals: ReadonlyArray<Pick<Referral, 'status'>>,
) => saving || email.trim() === '' || !canAddReferral(referrals);

export type ReferralRefusal = 'selfReferral' | 'duplicate' | 'maxPending';

/**
 * Why a referee e-mail is refused for this referrer, or undefined when it may be added: not the referrer's
 * own address, not already referred (a cancelled referral frees the address), at most 3 pending.
 */
export function referralRefusal(
  email: string,
  referrerEmail: string | undefined,
  existing: ReadonlyArray<Pick<Referral, 'status' | 'referee_email'>>,
): ReferralRefusal | undefined {
  const wanted = normalizeEmail(email);
  if (referrerEmail && normalizeEmail(referrerEmail) === wanted) return 'selfReferral';
  if (existing.some((r) => r.status !== 'cancelled' && normalizeEmail(r.referee_email) === wanted)) {
    return 'duplicate';
  }
  if (!canAddReferral(existing)) return 'maxPending';
  return undefined;
}

/** Cancelled referrals are hidden while 'Hide canceled' is on (its default). */
export const visibleReferrals = <R extends Pick<Referral, 'status'>>(
  referrals: readonly R[],
  hideCanceled: boolean,
) => (hideCanceled ? referrals.filter((r) => r.status !== 'cancelled') : [...referrals]);

/**
 * Conversion rate in percent: completed referrals divided by all referrals (cancelled ones included, as
 * the spec says "total"), 0 when there are none; rounded to a whole percent.
 */
export function conversionRate(referrals: ReadonlyArray<Pick<Referral, 'status'>>): number {
  if (referrals.length === 0) return 0;
  const completed = referrals.filter((r) => r.status === 'complete').length;
  return Math.round((completed / referrals.length) * 100);
}

/** Earned credits in cents: the sum over completed referrals. */
export const totalCredits = (referrals: ReadonlyArray<Pick<Referral, 'status' | 'credit_amount'>>) =>
  referrals.filter((r) => r.status === 'complete').reduce((sum, r) => sum + r.credit_amount, 0);

/** Spec §9: credits are cents divided by 100, shown with cents: 9900 → '$99.00'. */
export const formatCredits = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/**
 * The reward for one friend who completes the trial is one month free (spec §9), valued at the monthly
 * price of the plan the friend subscribed to; an unknown plan is valued at the entry plan's monthly price.
 */
export function referralCreditCents(refereePlanName: string | null | undefined): number {
  const plan = PLAN_CATALOGUE.find((p) => p.name.toLowerCase() === refereePlanName?.trim().toLowerCase());
  const entry = PLAN_CATALOGUE.reduce((low, p) => (p.monthlyAmount < low.monthlyAmount ? p : low));
  return (plan ?? entry).monthlyAmount;
}

/** The link an owner shares: the app's sign-up page with their code. */
export const referralLink = (appOrigin: string, code: string) =>
  `${appOrigin.replace(/\/+$/, '')}/signup?${REFERRAL_QUERY}=${encodeURIComponent(code)}`;
