import {
  brandTypeFor,
  textingAllowedIn,
  type BusinessRegistrationDetails,
  type MessagingRegistration,
  type RegistrationFailure,
} from '@shared/schemas/messaging-registration';
import type { StoredRegistration } from './records/messaging-registrations';

/**
 * The registration's state machine (docs/decisions/169), pure: what the owner may do in each state and how
 * each status callback moves it. The service (registration-service.ts) reads, decides here, and writes
 * conditionally on the version it read.
 */

/** A submission claimed but never completed (a crashed request) may be submitted again after this long. */
export const SUBMISSION_LEASE_MS = 2 * 60_000;

const IN_REVIEW = new Set(['in_review', 'resubmitted']);

export type SubmitRefusal = 'registration_in_review' | 'registration_awaiting_code' | 'registration_approved';

/** Why the owner may not submit now, or undefined when they may. */
export function submitRefusal(current: StoredRegistration | undefined, now: Date): SubmitRefusal | undefined {
  if (!current) return undefined;
  if (current.state === 'approved') return 'registration_approved';
  if (current.state === 'otp_required') return 'registration_awaiting_code';
  if (IN_REVIEW.has(current.state)) {
    const stale =
      !current.refs.brandSid && now.getTime() - Date.parse(current.updatedAt) > SUBMISSION_LEASE_MS;
    return stale ? undefined : 'registration_in_review';
  }
  return undefined;
}

/** The claim written before the provider is called: in review (again), with what was entered. */
export function claimedSubmission(
  current: StoredRegistration | undefined,
  details: BusinessRegistrationDetails,
  now: Date,
): Omit<StoredRegistration, 'version'> {
  // In review again after a fix only when it had been in review before (not after an instant refusal).
  const resubmission = current?.state === 'failed' && current.submittedAt !== undefined;
  return {
    state: resubmission ? 'resubmitted' : 'in_review',
    details,
    brandType: brandTypeFor(details.businessType),
    submittedAt: now.toISOString(),
    updatedAt: now.toISOString(),
    // The messaging service stays the owner's (it holds the number); everything else is submitted afresh.
    refs: current?.refs.messagingServiceSid ? { messagingServiceSid: current.refs.messagingServiceSid } : {},
    resubmission,
  };
}

/**
 * A refusal by the provider keeps what was entered, stored as the failed registration. `before` is the
 * registration as it was before this submission's claim.
 */
export function rejectedSubmission(
  before: StoredRegistration | undefined,
  details: BusinessRegistrationDetails,
  failure: RegistrationFailure,
  now: Date,
): Omit<StoredRegistration, 'version'> {
  return {
    state: 'failed',
    details,
    brandType: brandTypeFor(details.businessType),
    failure,
    // When it was last really in review, if ever: a later fix is then a resubmission.
    ...(before?.submittedAt ? { submittedAt: before.submittedAt } : {}),
    updatedAt: now.toISOString(),
    refs: before?.refs.messagingServiceSid ? { messagingServiceSid: before.refs.messagingServiceSid } : {},
  };
}

/** A status callback, normalized from Twilio's events (a2p-events.ts). */
export type RegistrationEvent =
  | { kind: 'brand_registered'; brandSid: string; identityVerified: boolean }
  | { kind: 'brand_unverified'; brandSid: string }
  | { kind: 'brand_failed'; brandSid: string; failure: RegistrationFailure }
  | { kind: 'campaign_approved'; brandSid: string }
  | { kind: 'campaign_failed'; brandSid: string; failure: RegistrationFailure };

export type EventOutcome = {
  next?: Omit<StoredRegistration, 'version'>;
  /** The brand is registered and verified but has no campaign yet: submit it. */
  submitCampaign: boolean;
  /** Tell the owner by e-mail. */
  email?: 'approved' | 'failed';
};

const reviewStateOf = (current: StoredRegistration) => (current.resubmission ? 'resubmitted' : 'in_review');

/** How one event moves the registration; events about another (older) brand change nothing. */
export function applyEvent(current: StoredRegistration, event: RegistrationEvent, now: Date): EventOutcome {
  const ignored: EventOutcome = { submitCampaign: false };
  if (current.refs.brandSid !== event.brandSid) return ignored;
  const pending = IN_REVIEW.has(current.state) || current.state === 'otp_required';
  if (!pending) return ignored;
  const { version: _version, ...base } = { ...current, version: 0 };
  const moved = (changes: Partial<StoredRegistration>) => ({
    ...base,
    ...changes,
    updatedAt: now.toISOString(),
  });
  const sole = current.brandType === 'sole_proprietor';

  switch (event.kind) {
    case 'brand_registered': {
      const verified = !sole || current.identityVerified === true || event.identityVerified;
      if (!verified) {
        return current.state === 'otp_required'
          ? ignored
          : { next: moved({ state: 'otp_required' }), submitCampaign: false };
      }
      const next =
        current.state === 'otp_required' || (sole && !current.identityVerified)
          ? moved({ state: reviewStateOf(current), identityVerified: true })
          : undefined;
      return { ...(next ? { next } : {}), submitCampaign: !current.refs.campaignSid };
    }
    case 'brand_unverified':
      return sole && current.state !== 'otp_required'
        ? { next: moved({ state: 'otp_required', identityVerified: false }), submitCampaign: false }
        : ignored;
    case 'campaign_approved':
      if (!IN_REVIEW.has(current.state) || !current.refs.campaignSid) return ignored;
      return { next: moved({ state: 'approved' }), submitCampaign: false, email: 'approved' };
    case 'brand_failed':
    case 'campaign_failed':
      return {
        next: moved({ state: 'failed', failure: event.failure }),
        submitCampaign: false,
        email: 'failed',
      };
  }
}

/** The owner's view (GET/PUT answers): no provider ids. */
/**
 * Whether `from` is the number in the owner's messaging service (decision 169, "A changed number"): not one
 * the owner changed to that has not joined yet, and, once the service's number is recorded, that one.
 */
export function sendsFromServiceNumber(stored: StoredRegistration, from: string): boolean {
  if (stored.awaitingNumber === from) return false;
  return stored.serviceNumber === undefined || stored.serviceNumber === from;
}

/** Whether the owner's active number still has to join their messaging service (none yet: nothing to join). */
export function numberAwaitsService(
  stored: StoredRegistration | undefined,
  activeNumber: string | undefined,
) {
  if (!stored?.refs.messagingServiceSid || !activeNumber) return false;
  return (
    stored.awaitingNumber === activeNumber ||
    (stored.serviceNumber !== undefined && stored.serviceNumber !== activeNumber)
  );
}

/** The registration once `phoneNumber` is in the messaging service. */
export function withServiceNumber<T extends StoredRegistration | Omit<StoredRegistration, 'version'>>(
  stored: T,
  phoneNumber: string,
): T {
  const { awaitingNumber, ...rest } = stored;
  return {
    ...rest,
    serviceNumber: phoneNumber,
    ...(awaitingNumber && awaitingNumber !== phoneNumber ? { awaitingNumber } : {}),
  } as T;
}

export function registrationView(
  stored: StoredRegistration | undefined,
  now: Date,
  numberPending = false,
): MessagingRegistration {
  if (!stored) return { state: 'not_started', updatedAt: now.toISOString(), textingAllowed: false };
  return {
    state: stored.state,
    ...(stored.details ? { details: stored.details } : {}),
    ...(stored.brandType ? { brandType: stored.brandType } : {}),
    ...(stored.state === 'failed' && stored.failure ? { failure: stored.failure } : {}),
    ...(stored.submittedAt ? { submittedAt: stored.submittedAt } : {}),
    updatedAt: stored.updatedAt,
    textingAllowed: textingAllowedIn(stored.state),
    ...(numberPending ? { numberPending: true } : {}),
  };
}
