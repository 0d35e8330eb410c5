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
import {
  RegistrationProviderError,
  RegistrationRejectedError,
  type MessagingRegistrationProvider,
} from '../../providers/messaging-registration/port';
import {
  applyEvent,
  claimedSubmission,
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

  async function view(ownerId: string) {
    return registrationView(await repository.get(ownerId), deps.now());
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
    return refs;
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
        const refs = await submitCampaign(ownerId, next ? { ...next, version: current.version } : current);
        next = { ...(next ?? current), refs, updatedAt: deps.now().toISOString() };
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

  return { view, submit, resendVerification, handleEvent, markApproved };
}
export type MessagingRegistrations = ReturnType<typeof createMessagingRegistrations>;
