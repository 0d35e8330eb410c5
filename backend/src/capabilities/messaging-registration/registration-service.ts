import { campaignContent } from './campaign-content';
import { BRAND } from '@shared/brand';
import {
  MESSAGING_REGISTRATION_OTP_RESENDS_PER_DAY,
  MESSAGING_REGISTRATION_SUBMISSIONS_PER_DAY,
  REGISTRATION_EMAIL_TEXTS,
  REGISTRATION_MESSAGES,
  type BusinessRegistrationDetails,
  type MessagingRegistration,
  type RegistrationFailure,
} from '@shared/schemas/messaging-registration';
import type { MessagingRegistrationData } from './deps';
import type { RateLimiter } from '../../platform/dynamo/rate-limits';
import type { MessagingRegistrationRepository, StoredRegistration } from './records/messaging-registrations';
import { HttpError, tooManyRequests } from '../../platform/errors/http-error';
import type { Logger } from '../../platform/logging/logger';
import type { EmailSender } from '../../providers/email/port';
import { randomUUID } from 'node:crypto';
import {
  NumberInOtherServiceError,
  RegistrationProviderError,
  RegistrationRejectedError,
  type MessagingRegistrationProvider,
} from '../../providers/messaging-registration/port';
import {
  applyEvent,
  claimedSubmission,
  numberAwaitsService,
  withServiceNumber,
  registrationView,
  rejectedSubmission,
  submitRefusal,
  type RegistrationEvent,
  type SubmitRefusal,
} from './registration-rules';

/** 422: the provider refused; the answer carries the stored registration (what was entered is kept). */
export class RegistrationRejectedHttpError extends HttpError {
  constructor(
    readonly failure: RegistrationFailure,
    readonly registration: MessagingRegistration,
  ) {
    super(422, 'registration_rejected', failure.reason);
  }
}

const REFUSAL_MESSAGES: Record<SubmitRefusal, string> = {
  registration_in_review: REGISTRATION_MESSAGES.inReview,
  registration_awaiting_code: REGISTRATION_MESSAGES.awaitingCode,
  registration_approved: REGISTRATION_MESSAGES.approved,
};

/** Conditional writes lost to a concurrent callback are decided again this many times. */
const EVENT_ATTEMPTS = 4;

export type MessagingRegistrationDeps = {
  repository: MessagingRegistrationRepository;
  provider: MessagingRegistrationProvider;
  data: Pick<MessagingRegistrationData, 'businessConfigs' | 'phoneReservations'>;
  rateLimiter: Pick<RateLimiter, 'hit' | 'secondsLeft'>;
  email: EmailSender;
  signInEmailOf(ownerId: string): Promise<string | undefined>;
  /** Where Trust Hub and our SMS webhook are reached (PUBLIC_API_URL), and the dashboard for e-mails. */
  urls: { statusCallback: string; inboundSms: string; dashboard: string };
  now: () => Date;
  logger: Logger;
};

/**
 * The owner's A2P 10DLC registration (docs/decisions/169): submit (claim, then the provider, then complete
 * or record the refusal), the sole proprietor's verification text, the status callbacks, and the migration
 * rule's approval outside the flow. Every write is conditional on the version read.
 */
export function createMessagingRegistrations(deps: MessagingRegistrationDeps) {
  const { repository, provider, logger } = deps;

  /**
   * The owner's registration. A changed number that has not joined the messaging service yet is tried again
   * first (under the owner's number lock, skipped while a change holds it); if it still waits, the view says so.
   */
  async function view(ownerId: string) {
    const stored = await repository.get(ownerId);
    if (!stored?.refs.messagingServiceSid) return registrationView(stored, deps.now());
    if (!numberAwaitsService(stored, (await activeNumber(ownerId))?.phoneNumber)) {
      return registrationView(stored, deps.now());
    }
    const outcome = await retryNumberAttach(ownerId);
    return registrationView(await repository.get(ownerId), deps.now(), outcome !== 'attached');
  }

  /** The owner's active assistant number with its provider sid, if they have one. */
  async function activeNumber(ownerId: string) {
    const held = await deps.data.phoneReservations.heldBy(ownerId);
    const active = held.find((r) => r.status === 'active' && r.provider_sid);
    return active ? { sid: active.provider_sid!, phoneNumber: active.phone_number } : undefined;
  }

  /** Read, decide, write conditionally on the version read; decided again on what won a lost race. */
  async function update(
    ownerId: string,
    decide: (current: StoredRegistration) => Omit<StoredRegistration, 'version'> | undefined,
  ) {
    for (let attempt = 0; attempt < EVENT_ATTEMPTS; attempt++) {
      const current = await repository.get(ownerId);
      if (!current) return;
      const next = decide(current);
      if (!next || (await repository.save(ownerId, next, current.version))) return;
    }
    throw new Error('The messaging registration kept changing while its number was recorded');
  }

  /**
   * A number change is about to make `phoneNumber` the owner's (before it is activated): when the owner has a
   * messaging service, the number's US texts wait until it has joined (attachNumber). Without a service
   * there is nothing to join: the campaign takes the active number when it is submitted.
   */
  async function numberChanging(ownerId: string, phoneNumber: string) {
    await update(ownerId, ({ version: _version, ...current }) =>
      current.refs.messagingServiceSid && current.serviceNumber !== phoneNumber
        ? { ...current, awaitingNumber: phoneNumber }
        : undefined,
    );
  }

  /**
   * Puts the owner's (changed) number into their messaging service and records it as the service's number.
   * A failure is logged and leaves the number awaiting (the gate holds its US texts); the next view of the
   * registration or the next number change tries again. Never throws for the provider: the change stands.
   */
  async function attachNumber(
    ownerId: string,
    number: { sid: string; phoneNumber: string },
  ): Promise<'attached' | 'pending' | 'no_service'> {
    const current = await repository.get(ownerId);
    if (!current?.refs.messagingServiceSid) return 'no_service';
    try {
      await provider.attachNumber(current.refs, number);
    } catch (error) {
      logger.error('messaging_registration.number_attach_failed', {
        owner_id: ownerId,
        in_other_service: error instanceof NumberInOtherServiceError,
        error: String(error),
      });
      return 'pending';
    }
    await update(ownerId, ({ version: _version, ...latest }) =>
      latest.serviceNumber === number.phoneNumber && latest.awaitingNumber !== number.phoneNumber
        ? undefined
        : withServiceNumber(latest, number.phoneNumber),
    );
    logger.info('messaging_registration.number_attached', { owner_id: ownerId });
    return 'attached';
  }

  /** attachNumber only when the number still waits for the service (no provider call otherwise). */
  async function attachIfAwaiting(ownerId: string, number: { sid: string; phoneNumber: string }) {
    const stored = await repository.get(ownerId);
    if (!stored?.refs.messagingServiceSid) return 'no_service';
    return numberAwaitsService(stored, number.phoneNumber) ? attachNumber(ownerId, number) : 'attached';
  }

  /**
   * Tries a waiting number again, under the owner's number-change lock so it never races a change (which
   * attaches its own number under the same lock): 'busy' while a change runs.
   */
  async function retryNumberAttach(ownerId: string): Promise<'attached' | 'pending' | 'no_service' | 'busy'> {
    const lockToken = randomUUID();
    if (!(await deps.data.phoneReservations.acquireChangeLock(ownerId, lockToken))) return 'busy';
    try {
      const active = await activeNumber(ownerId);
      return active ? await attachIfAwaiting(ownerId, active) : 'no_service';
    } finally {
      await deps.data.phoneReservations.releaseChangeLock(ownerId, lockToken);
    }
  }

  async function submit(
    ownerId: string,
    details: BusinessRegistrationDetails,
  ): Promise<MessagingRegistration> {
    const before = await repository.get(ownerId);
    const refusal = submitRefusal(before, deps.now());
    if (refusal) throw new HttpError(409, refusal, REFUSAL_MESSAGES[refusal]);
    // Claim first: of two parallel submissions only one reaches the provider (which bills each brand).
    const claim = claimedSubmission(before, details, deps.now());
    if (!(await repository.save(ownerId, claim, before?.version))) {
      throw new HttpError(409, 'registration_in_review', REGISTRATION_MESSAGES.inReview);
    }
    const claimedVersion = (before?.version ?? 0) + 1;
    // Gives the claim back (the registration as it was, else a draft of what was entered).
    const release = () =>
      repository.save(
        ownerId,
        before ?? { state: 'not_started', details, updatedAt: deps.now().toISOString(), refs: {} },
        claimedVersion,
      );
    // Counted once claimed, so only submissions that reach the provider count.
    if (
      !(await deps.rateLimiter.hit(
        `a2p-submit#${ownerId}`,
        MESSAGING_REGISTRATION_SUBMISSIONS_PER_DAY,
        86_400,
      ))
    ) {
      await release();
      throw tooManyRequests(REGISTRATION_MESSAGES.dailyLimit, deps.rateLimiter.secondsLeft(86_400));
    }
    let refs;
    try {
      refs = await provider.submitBrand({
        ownerId,
        details,
        brandType: claim.brandType!,
        refs: before?.refs ?? {},
        statusCallbackUrl: deps.urls.statusCallback,
      });
    } catch (error) {
      if (error instanceof RegistrationRejectedError) {
        const rejected = rejectedSubmission(before, details, error.failure, deps.now());
        await repository.save(ownerId, rejected, claimedVersion);
        logger.info('messaging_registration.rejected', { owner_id: ownerId, field: error.failure.field });
        throw new RegistrationRejectedHttpError(
          error.failure,
          registrationView({ ...rejected, version: 0 }, deps.now()),
        );
      }
      // The owner can try again at once.
      await release();
      logger.error('messaging_registration.provider_failed', { owner_id: ownerId, error: String(error) });
      if (error instanceof RegistrationProviderError) {
        throw new HttpError(502, 'provider_error', REGISTRATION_MESSAGES.providerUnavailable);
      }
      throw error;
    }
    // Whose brand it is must be known before Twilio can call back about it.
    if (refs.brandSid) await repository.linkBrand(refs.brandSid, ownerId);
    const submitted = { ...claim, refs: { ...claim.refs, ...refs }, updatedAt: deps.now().toISOString() };
    await repository.save(ownerId, submitted, claimedVersion);
    logger.info('messaging_registration.submitted', { owner_id: ownerId, brand_type: claim.brandType });
    return registrationView({ ...submitted, version: claimedVersion + 1 }, deps.now());
  }

  async function resendVerification(ownerId: string): Promise<MessagingRegistration> {
    const current = await repository.get(ownerId);
    if (current?.state !== 'otp_required') {
      throw new HttpError(409, 'otp_not_requested', REGISTRATION_MESSAGES.otpNotRequested);
    }
    if (
      !(await deps.rateLimiter.hit(`a2p-otp#${ownerId}`, MESSAGING_REGISTRATION_OTP_RESENDS_PER_DAY, 86_400))
    ) {
      throw tooManyRequests(REGISTRATION_MESSAGES.otpLimit, deps.rateLimiter.secondsLeft(86_400));
    }
    try {
      await provider.resendVerification(current.refs);
    } catch (error) {
      logger.error('messaging_registration.otp_resend_failed', { owner_id: ownerId, error: String(error) });
      throw new HttpError(502, 'provider_error', REGISTRATION_MESSAGES.providerUnavailable);
    }
    return registrationView(current, deps.now());
  }

  /** Submits the campaign of a registered brand and stores its ids (a retried event finds them stored). */
  async function submitCampaign(ownerId: string, current: StoredRegistration) {
    const [config, held] = await Promise.all([
      deps.data.businessConfigs.getConfig(ownerId),
      deps.data.phoneReservations.heldBy(ownerId),
    ]);
    const active = held.find((r) => r.status === 'active' && r.provider_sid);
    const businessName = config?.business_name || current.details?.legalName || 'The business';
    const brandType = current.brandType ?? 'low_volume_standard';
    const refs = await provider.submitCampaign({
      ownerId,
      brandType,
      refs: current.refs,
      businessName,
      content: campaignContent(businessName, brandType, config?.languages),
      ...(active ? { number: { sid: active.provider_sid!, phoneNumber: active.phone_number } } : {}),
      inboundSmsUrl: deps.urls.inboundSms,
    });
    return { refs, serviceNumber: active?.phone_number };
  }

  async function emailOwner(ownerId: string, registration: StoredRegistration, kind: 'approved' | 'failed') {
    try {
      const to = await deps.signInEmailOf(ownerId);
      if (!to) return;
      const config = await deps.data.businessConfigs.getConfig(ownerId);
      const business = config?.business_name || registration.details?.legalName || 'your business';
      const lines =
        kind === 'approved'
          ? REGISTRATION_EMAIL_TEXTS.approved.lines(business)
          : REGISTRATION_EMAIL_TEXTS.failed.lines(business, registration.failure!);
      await deps.email.send({
        to,
        kind: `messaging-registration-${kind}`,
        subject: REGISTRATION_EMAIL_TEXTS[kind].subject,
        text: [
          'Hello,',
          '',
          ...lines,
          '',
          REGISTRATION_EMAIL_TEXTS.linkLabel,
          deps.urls.dashboard,
          '',
          `— The ${BRAND.name} team (${BRAND.supportEmail})`,
        ].join('\n'),
      });
    } catch (error) {
      // The state stands either way; the dashboard shows it.
      logger.warn('messaging_registration.email_failed', { owner_id: ownerId, kind, error: String(error) });
    }
  }

  /**
   * One status callback: read, decide (registration-rules.ts), write conditionally; a write lost to another
   * callback is decided again on what won. 'unknown_brand' when no owner registered that brand.
   */
  async function handleEvent(event: RegistrationEvent): Promise<'applied' | 'ignored' | 'unknown_brand'> {
    const ownerId = await repository.ownerOfBrand(event.brandSid);
    if (!ownerId) return 'unknown_brand';
    for (let attempt = 0; attempt < EVENT_ATTEMPTS; attempt++) {
      const current = await repository.get(ownerId);
      if (!current) return 'unknown_brand';
      const outcome = applyEvent(current, event, deps.now());
      let next = outcome.next;
      if (outcome.submitCampaign) {
        const { refs, serviceNumber } = await submitCampaign(
          ownerId,
          next ? { ...next, version: current.version } : current,
        );
        next = { ...(next ?? current), refs, updatedAt: deps.now().toISOString() };
        // The number the campaign's service holds is the one US texts may leave from (decision 169).
        if (serviceNumber) next = withServiceNumber(next, serviceNumber);
      }
      if (!next) return 'ignored';
      const { version: _version, ...toStore } = { ...next, version: 0 };
      if (await repository.save(ownerId, toStore, current.version)) {
        logger.info('messaging_registration.event', {
          owner_id: ownerId,
          event: event.kind,
          state: next.state,
        });
        if (outcome.email)
          await emailOwner(ownerId, { ...toStore, version: current.version + 1 }, outcome.email);
        return 'applied';
      }
    }
    throw new Error('Messaging registration kept changing while a status callback was applied');
  }

  /** Decision 169's migration rule (the repository's markApproved), answered as the owner's view. */
  async function markApproved(ownerId: string, by: 'operator' | 'seed') {
    const approved = await repository.markApproved(ownerId, by, deps.now().toISOString());
    logger.info('messaging_registration.approved_outside_flow', { owner_id: ownerId, by });
    return registrationView(approved, deps.now());
  }

  return {
    view,
    submit,
    resendVerification,
    handleEvent,
    markApproved,
    numberChanging,
    attachNumber,
    attachIfAwaiting,
    retryNumberAttach,
  };
}
export type MessagingRegistrations = ReturnType<typeof createMessagingRegistrations>;
