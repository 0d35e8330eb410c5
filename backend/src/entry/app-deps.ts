import { createRelayCallRepository } from '../capabilities/voice/index';
import { publicBaseUrl, type AppConfig } from '../platform/config/env';
import { createReferralRepository, referralRewards } from '../capabilities/referrals/index';
import {
  createConversationRepository,
  createOwnerMessageRepository,
  createCallerErasure,
} from '../capabilities/conversations/index';
import {
  createBotCalendarRepository,
  createCalendarConnectionRepository,
  createOAuthStateRepository,
  createCalendarFeedRepository,
  createSchedulingLinkBookingRepository,
  createOwnerCalendar,
  createConnectionTokens,
} from '../capabilities/calendars/index';
import { createCalendarProviders } from '../providers/calendar/choose';
import type { AppData, AppDeps, AppProviders } from './app-types';
import { createAppointmentRepository } from '../capabilities/appointments/index';
import { createPayoutRepository } from '../capabilities/payouts/index';
import { createConversationStateRepository, receptionistFromApp } from '../capabilities/receptionist/index';
import { createTokenVerifier, withVerifiedTokenCache } from '../platform/auth/token-verifier';
import { withRevocationCheck } from '../platform/auth/revocation-check';
import { withAccessTokenIdentity } from '../providers/identity/access-token-identity';
import { createSessionRevocationRepository } from '../platform/auth/session-revocations';
import { createDynamoClients } from '../platform/dynamo/dynamo-client';
import { createBusinessConfigRepository, createObjectivesRepository } from '../capabilities/setup/index';
import { createRateLimiter } from '../platform/dynamo/rate-limits';
import { createLogger } from '../platform/logging/logger';
import { chooseEmailSender } from '../providers/email/choose';
import { createSubscriptionRepository, createWaitlistRepository } from '../capabilities/billing/index';
import { createWebhookFailureRepository } from '../platform/webhooks/webhook-failures';
import { choosePaymentsProvider } from '../providers/payments/choose';
import { paymentsNotConfigured } from '../providers/payments/port';
import { chooseLlmProvider } from '../providers/llm/choose';
import { chooseSpeechProvider } from '../providers/speech/choose';
import { choosePlacesProvider } from '../providers/places/choose';
import { createPhoneReservationRepository } from '../capabilities/phone-numbers/index';
import { chooseTelephonyProvider } from '../providers/telephony/choose';
import { createDatabaseProbe } from '../platform/dynamo/database-probe';
import { createSmsMessagingRepository } from '../capabilities/sms/index';
import { failClosed } from '../providers/fail-closed';
import { missingKeys, type ProviderName } from '../platform/config/provider-requirements';
import { notConfiguredProvider } from '../platform/config/not-configured';
import type { StandInFactory } from './stand-ins';
import { createEmfMetrics, type Metrics } from '../platform/observability/metrics';
import {
  createNotificationRepository,
  createNotifier,
  createUnsubscribeTokens,
} from '../capabilities/notifications/index';
import { localDevelopmentTokenKey } from '../providers/calendar/token-cipher';
import { createAccountDeletionRepository, createOwnerDataErasure } from '../capabilities/account/index';
import { createIdentityAdmin } from '../providers/identity/choose';
import {
  createMessagingRegistrationRepository,
  createMessagingRegistrations,
  createTextingGate,
  gateOutboundTexts,
} from '../capabilities/messaging-registration/index';
import { chooseMessagingRegistrationProvider } from '../providers/messaging-registration/choose';
import { TWILIO_WEBHOOK_PATHS, telephonyWebhookUrls } from '../providers/telephony/port';
import { createForwardingRepository } from '../capabilities/forwarding/index';

/**
 * The one wiring of the app's dependencies from configuration: Lambda, the local server, the bench and the
 * tests all build their app through it (tests override single entries, e.g. the logger or the clock).
 * Local entry points pass `standIns` (backend/src/local/stand-ins.ts); the Lambda entries never do, so in
 * AWS a provider without its keys refuses clearly instead of running a stand-in.
 */
export function createAppDeps(
  config: AppConfig,
  overrides: Partial<Pick<AppDeps, 'logger' | 'now'>> & { metrics?: Metrics } = {},
  standIns?: StandInFactory,
): AppDeps {
  const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  const logger = overrides.logger ?? createLogger();
  const now = overrides.now ?? (() => new Date());
  // In AWS EMF lines go to stdout (CloudWatch reads them); elsewhere they stay in the debug log.
  const metrics =
    overrides.metrics ??
    createEmfMetrics(
      config.stage,
      config.appEnv === 'aws'
        ? undefined
        : (line) => logger.debug('metric', JSON.parse(line) as Record<string, unknown>),
    );
  const phoneReservations = createPhoneReservationRepository(doc, config.tableName, now);
  const local = standIns?.({
    config,
    doc,
    now,
    logger,
    heldAmong: (numbers) => phoneReservations.heldAmong(numbers),
  });
  const referrals = createReferralRepository(doc, config.tableName, now);
  const subscriptions = createSubscriptionRepository(doc, config.tableName, now);
  const rateLimiter = createRateLimiter(doc, config.tableName);
  const conversations = createConversationRepository(doc, config.tableName);
  const data: AppData = {
    businessConfigs: createBusinessConfigRepository(doc, config.tableName, now),
    // Each feature adds its repository on its own line below this one.
    relayCalls: createRelayCallRepository(doc, config.tableName),
    sessionRevocations: createSessionRevocationRepository(doc, config.tableName, now),
    accountDeletions: createAccountDeletionRepository(doc, config.tableName, now),
    ownerDataErasure: createOwnerDataErasure(doc, config.tableName),
    smsMessaging: createSmsMessagingRepository(doc, config.tableName, now),
    referrals,
    conversations,
    callerErasure: createCallerErasure(doc, config.tableName, conversations),
    subscriptions,
    webhookFailures: createWebhookFailureRepository(doc, config.tableName, now),
    waitlists: createWaitlistRepository(doc, config.tableName, now),
    calendarConnections: createCalendarConnectionRepository(doc, config.tableName, now),
    oauthStates: createOAuthStateRepository(doc, config.tableName, now),
    botCalendars: createBotCalendarRepository(doc, config.tableName, now),
    calendarFeeds: createCalendarFeedRepository(doc, config.tableName, now),
    payouts: createPayoutRepository(doc, config.tableName, now),
    schedulingLinks: createSchedulingLinkBookingRepository(doc, config.tableName, now),
    objectives: createObjectivesRepository(doc, config.tableName, now),
    phoneReservations,
    appointments: createAppointmentRepository(doc, config.tableName, now),
    conversationStates: createConversationStateRepository(doc, config.tableName),
    ownerMessages: createOwnerMessageRepository(doc, config.tableName, now),
    notifications: createNotificationRepository(doc, config.tableName),
    messagingRegistrations: createMessagingRegistrationRepository(doc, config.tableName),
    forwarding: createForwardingRepository(doc, config.tableName),
  };
  // Texts to US numbers leave only from approved A2P campaigns: one gate at the provider (decision 169).
  const textingGate = createTextingGate({ data, registrations: data.messagingRegistrations });
  // Outside local mode a provider without its keys refuses with a 503 instead of falling back to a fake.
  const real = failClosed(config, logger);
  // The vendor when its keys are set, else the local stand-in, else a provider that refuses and says why.
  const chosen = <T extends object>(provider: ProviderName, vendorOrStandIn: T | undefined): T =>
    vendorOrStandIn ?? notConfiguredProvider<T>(provider, missingKeys(config, provider), logger);
  const providers: AppProviders = {
    // In AWS e-mail needs its sender and TOKEN_ENCRYPTION_KEY (docs/decisions/160-fail-closed.md).
    email: real('email', () => chooseEmailSender(config.ses, local?.email)),
    // Each feature adds its provider on its own line below this one.
    payments: real(
      'payments',
      () => choosePaymentsProvider(config, local?.payments) ?? paymentsNotConfigured,
    ),
    calendar: createCalendarProviders(config, now, local?.calendar),
    llm: real('llm', () => chosen('llm', chooseLlmProvider(config.openai, local?.llm))),
    // In AWS only OpenAI speaks: the asset ships no espeak-ng, so a stored local voice gets a clear 503.
    speech: real('speech', () => chosen('speech', chooseSpeechProvider(config.openai, local?.speech))),
    places: real('places', () => chosen('places', choosePlacesProvider(config.googlePlaces, local?.places))),
    telephony: gateOutboundTexts(
      real('telephony', () => chosen('telephony', chooseTelephonyProvider(config.twilio, local?.telephony))),
      textingGate,
    ),
    identity: createIdentityAdmin(config),
    // Twilio's keys, like telephony: in AWS without them registration answers 503 naming them.
    messagingRegistration: real('telephony', () =>
      chosen('telephony', chooseMessagingRegistrationProvider(config.twilio, local?.messagingRegistration)),
    ),
  };
  // Unsubscribe links are signed with a key derived from TOKEN_ENCRYPTION_KEY; outside AWS the public
  // development key stands in (as for calendar tokens). In AWS without it nothing is e-mailed, and it says so.
  const signingKey =
    config.calendarOAuth.tokenEncryptionKey ??
    (config.appEnv === 'aws' ? undefined : localDevelopmentTokenKey());
  const notifier = createNotifier({
    data,
    email: providers.email,
    emailMissingKeys: config.appEnv === 'aws' ? missingKeys(config, 'email').map(({ key }) => key) : [],
    metrics,
    sms: providers.telephony,
    rateLimiter,
    signInEmailOf: async (ownerId) => (await providers.identity.findBySub(ownerId))?.email,
    tokens: signingKey ? createUnsubscribeTokens(signingKey) : undefined,
    apiUrl: publicBaseUrl(config),
    appUrl: (config.publicAppUrl ?? 'http://localhost:5173').replace(/\/+$/, ''),
    now,
    logger,
  });
  const rewards = referralRewards({
    referrals,
    subscriptions,
    payments: providers.payments,
    email: providers.email,
    signInEmailOf: async (ownerId) => (await providers.identity.findBySub(ownerId))?.email,
    appUrl: (config.publicAppUrl ?? 'http://localhost:5173').replace(/\/+$/, ''),
    logger,
  });
  const ownerCalendar = createOwnerCalendar({
    connections: data.calendarConnections,
    calendar: providers.calendar,
    tokens: createConnectionTokens({
      connections: data.calendarConnections,
      calendar: providers.calendar,
      logger,
      now,
    }),
    logger,
  });
  const receptionist = receptionistFromApp({
    notify: notifier,
    calendar: ownerCalendar,
    config,
    data,
    payments: providers.payments,
    telephony: providers.telephony,
    rateLimiter,
    metrics,
    now,
    logger,
    ...(local ? { localModel: local.model } : {}),
  });
  const appUrl = (config.publicAppUrl ?? 'http://localhost:5173').replace(/\/+$/, '');
  const messagingRegistrations = createMessagingRegistrations({
    repository: data.messagingRegistrations,
    provider: providers.messagingRegistration,
    data,
    rateLimiter,
    email: providers.email,
    signInEmailOf: async (ownerId) => (await providers.identity.findBySub(ownerId))?.email,
    urls: {
      statusCallback: `${publicBaseUrl(config)}${TWILIO_WEBHOOK_PATHS.messagingRegistration}`,
      inboundSms: telephonyWebhookUrls(publicBaseUrl(config)).smsUrl,
      dashboard: `${appUrl}/dashboard?tab=overview`,
    },
    now,
    logger,
  });
  return {
    config,
    // Outermost: an access token's missing e-mail and attributes come from the pool (docs/decisions/158).
    verifyToken: withAccessTokenIdentity(
      withRevocationCheck(
        withVerifiedTokenCache(createTokenVerifier(config.cognito)),
        data.sessionRevocations,
      ),
      providers.identity,
    ),
    rateLimiter,
    logger,
    metrics,
    now,
    data,
    providers,
    receptionist,
    ownerCalendar,
    notifier,
    messagingRegistrations,
    textingGate,
    ...(local ? { standIns: local } : {}),
    onTrialCompleted: rewards.trialCompleted,
    referralRewards: rewards,
    databaseProbe: createDatabaseProbe(doc, config.tableName),
  };
}
