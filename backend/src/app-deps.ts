import { createRelayCallRepository } from './data/relay-calls';
import { publicBaseUrl, type AppConfig } from './config/env';
import { createReferralRepository } from './data/referrals';
import { referralRewards } from './routes/referrals/referral-rewards';
import { createConversationRepository } from './data/conversations';
import { createBotCalendarRepository } from './data/bot-calendars';
import { createCalendarConnectionRepository } from './data/calendar-connections';
import { createOAuthStateRepository } from './data/oauth-states';
import { createCalendarProviders } from './providers/calendar/index';
import type { AppData, AppDeps, AppProviders } from './app-types';
import { createAppointmentRepository } from './data/appointments';
import { createCalendarFeedRepository } from './data/calendar-feeds';
import { createPayoutRepository } from './data/payouts';
import { createSchedulingLinkBookingRepository } from './data/scheduling-link-bookings';
import { createConversationStateRepository } from './data/conversation-states';
import { createOwnerMessageRepository } from './data/owner-messages';
import { receptionistFromApp } from './receptionist/create-receptionist-deps';
import { createTokenVerifier, withVerifiedTokenCache } from './auth/token-verifier';
import { withRevocationCheck } from './auth/revocation-check';
import { withAccessTokenIdentity } from './auth/access-token-identity';
import { createSessionRevocationRepository } from './data/session-revocations';
import { createDynamoClients } from './data/dynamo-client';
import { createBusinessConfigRepository } from './data/business-config';
import { createObjectivesRepository } from './data/objectives';
import { createRateLimiter } from './data/rate-limits';
import { createLogger } from './logging/logger';
import { createLocalOutbox } from './providers/email/local';
import { chooseEmailSender } from './providers/email/index';
import { createSubscriptionRepository } from './data/subscriptions';
import { createWebhookFailureRepository } from './data/webhook-failures';
import { createWaitlistRepository } from './data/waitlists';
import { createPaymentsProvider } from './providers/payments/factory';
import { createLlmProvider } from './providers/llm/index';
import { createSpeechProvider } from './providers/speech/index';
import { LOCAL_SPEECH_OFF_IN_AWS } from './providers/speech/local';
import { createPlacesProvider } from './providers/places/index';
import { createPhoneReservationRepository } from './data/phone-reservations';
import { createTelephonyProvider } from './providers/telephony/index';
import { createDatabaseProbe } from './data/database-probe';
import { createSmsMessagingRepository } from './data/sms-messaging';
import { createLocalTwilioAccount } from './providers/telephony/local-account';
import { failClosed } from './providers/fail-closed';
import { missingKeys } from './config/provider-requirements';
import { createEmfMetrics, type Metrics } from './observability/metrics';
import { createCallerErasure } from './data/caller-erasure';
import { createNotificationRepository } from './data/notifications';
import { createNotifier } from './notifications/notifier';
import { createUnsubscribeTokens } from './notifications/unsubscribe-token';
import { localDevelopmentTokenKey } from './providers/calendar/token-cipher';
import { createAccountDeletionRepository } from './data/account-deletions';
import { createOwnerDataErasure } from './data/owner-data-erasure';
import { createIdentityAdmin } from './providers/identity/index';
import { createOwnerCalendar } from './calendar-sync/owner-calendar';
import { createConnectionTokens } from './providers/calendar/connection-tokens';
import { createMessagingRegistrationRepository } from './data/messaging-registrations';
import { createMessagingRegistrationProvider } from './providers/messaging-registration/choose';
import { createMessagingRegistrations } from './messaging-registration/registration-service';
import { createTextingGate, gateOutboundTexts } from './messaging-registration/texting-gate';
import { TWILIO_WEBHOOK_PATHS, telephonyWebhookUrls } from './providers/telephony/index';

/**
 * The one wiring of the app's dependencies from configuration: Lambda, the local server, the bench and the
 * tests all build their app through it (tests override single entries, e.g. the logger or the clock).
 */
export function createAppDeps(
  config: AppConfig,
  overrides: Partial<Pick<AppDeps, 'logger' | 'now'>> & { metrics?: Metrics } = {},
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
  const localOutbox = config.localProviders ? createLocalOutbox(config.localOutboxDir) : undefined;
  const phoneReservations = createPhoneReservationRepository(doc, config.tableName, now);
  const referrals = createReferralRepository(doc, config.tableName, now);
  const subscriptions = createSubscriptionRepository(doc, config.tableName, now);
  const rateLimiter = createRateLimiter(doc, config.tableName);
  // The local telephony provider's account (numbers bought, for the local phone page), only without Twilio.
  const localTwilioAccount =
    config.localProviders && !config.twilio.accountSid
      ? createLocalTwilioAccount(doc, config.tableName, now)
      : undefined;
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
  };
  // Texts to US numbers leave only from approved A2P campaigns: one gate at the provider (decision 169).
  const textingGate = createTextingGate({ data, registrations: data.messagingRegistrations });
  // Outside local mode a provider without its keys refuses with a 503 instead of falling back to a fake.
  const real = failClosed(config, logger);
  const providers: AppProviders = {
    // In AWS e-mail needs its sender and TOKEN_ENCRYPTION_KEY (docs/decisions/160-fail-closed.md).
    email: real('email', () => chooseEmailSender(config.ses, localOutbox)),
    // Each feature adds its provider on its own line below this one.
    payments: real('payments', () => createPaymentsProvider(config, doc, now)),
    calendar: createCalendarProviders(config, { doc, tableName: config.tableName }, now),
    llm: real('llm', () => createLlmProvider(config.openai)),
    // In AWS only OpenAI speaks: the asset ships no espeak-ng, so a stored local voice gets a clear 503.
    speech: real('speech', () =>
      createSpeechProvider(
        config.openai,
        config.appEnv === 'aws' ? { disabledReason: LOCAL_SPEECH_OFF_IN_AWS } : {},
      ),
    ),
    places: real('places', () => createPlacesProvider(config.googlePlaces)),
    telephony: gateOutboundTexts(
      real('telephony', () => createTelephonyProvider(config.twilio, phoneReservations, localTwilioAccount)),
      textingGate,
    ),
    identity: createIdentityAdmin(config),
    // Twilio's keys, like telephony: in AWS without them registration answers 503 naming them.
    messagingRegistration: real('telephony', () => createMessagingRegistrationProvider(config.twilio, now)),
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
    localOutbox,
    localTwilioAccount,
    onTrialCompleted: rewards.trialCompleted,
    referralRewards: rewards,
    databaseProbe: createDatabaseProbe(doc, config.tableName),
  };
}
