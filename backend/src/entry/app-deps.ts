import { type AppConfig } from '../platform/config/env';
import { createTokenVerifier, withVerifiedTokenCache } from '../platform/auth/token-verifier';
import { withRevocationCheck } from '../platform/auth/revocation-check';
import { createDynamoClients } from '../platform/dynamo/dynamo-client';
import { coalescingGets } from '../platform/dynamo/coalesced-gets';
import { createDatabaseProbe } from '../platform/dynamo/database-probe';
import { createRateLimiter } from '../platform/dynamo/rate-limits';
import { createLogger } from '../platform/logging/logger';
import type { Metrics } from '../platform/observability/metrics';
import { withAccessTokenIdentity } from '../providers/identity/access-token-identity';
import { createProviders } from '../providers/providers';
import { ownerCalendarFromApp } from '../capabilities/calendars/index';
import {
  createTextingGate,
  gateOutboundTexts,
  messagingRegistrationsFromApp,
} from '../capabilities/messaging-registration/index';
import { notifierFromApp } from '../capabilities/notifications/index';
import { rememberOptOuts } from '../capabilities/sms/index';
import { receptionistFromApp } from '../capabilities/receptionist/index';
import { remindersFromApp } from '../capabilities/reminders/index';
import { referralRewardsFromApp } from '../capabilities/referrals/index';
import { webhooksFromApp } from '../capabilities/webhooks/index';
import { createHookTargetSource } from '../capabilities/automations/index';
import { signInEmailOf } from '../providers/identity/port';
import { createAppData } from './app-data';
import { calendarModelRecords } from '../capabilities/calendar-model/records/index';
import { knowledgeRecords } from '../capabilities/knowledge/records/index';
import { payoutsRecords } from '../capabilities/payouts/records/index';
import { setupRecords } from '../capabilities/setup/records/index';
import { appMetrics } from './app-metrics';
import type { AppDeps, StandInFactory } from './app-types';

/**
 * The one wiring of the app's dependencies from configuration: Lambda, the local server, the bench and the
 * tests all build their app through it (tests override single entries, e.g. the logger or the clock).
 * It composes capabilities: each builds its repositories (app-data.ts) and its services from the platform
 * and the providers. Local entry points pass `standIns` (backend/src/local/stand-ins.ts); the Lambda
 * entries never do, so in AWS a provider without its keys refuses clearly instead of running a stand-in.
 */
export function createAppDeps(
  config: AppConfig,
  overrides: Partial<Pick<AppDeps, 'logger' | 'now'>> & { metrics?: Metrics } = {},
  standIns?: StandInFactory,
): AppDeps {
  const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  const logger = overrides.logger ?? createLogger();
  const now = overrides.now ?? (() => new Date());
  const metrics = overrides.metrics ?? appMetrics(config, logger);
  const rateLimiter = createRateLimiter(doc, config.tableName);
  const platform = { config, logger, metrics, now, rateLimiter };
  const data = createAppData({ doc, tableName: config.tableName, now });
  const local = standIns?.({
    config,
    doc,
    now,
    logger,
    heldAmong: (numbers) => data.phoneReservations.heldAmong(numbers),
  });
  // Texts to US numbers leave only from approved A2P campaigns: one gate at the provider (decision 169). A
  // text held because a changed number has not joined the messaging service yet retries the join (the
  // registrations are built below, from the gated providers: hence the late reference).
  const textingGate = createTextingGate({
    data,
    registrations: data.messagingRegistrations,
    retryNumberJoin: (ownerId) => messagingRegistrations.retryNumberAttach(ownerId),
    now,
    logger,
  });
  const chosen = createProviders(config, platform, local);
  const telephony = rememberOptOuts(gateOutboundTexts(chosen.telephony, textingGate), { data, logger });
  const providers = { ...chosen, telephony };
  const app = { ...platform, data, providers };

  const notifier = notifierFromApp(app);
  const rewards = referralRewardsFromApp(app);
  const ownerCalendar = ownerCalendarFromApp(app);
  const messagingRegistrations = messagingRegistrationsFromApp(app);
  const reminders = remindersFromApp({ logger, now, data, telephony: providers.telephony, textingGate });
  const signInEmail = signInEmailOf(providers.identity);
  // Signed outbound webhooks (decision 178), to the owner's endpoints and their REST hooks (decision 179).
  const webhooks = webhooksFromApp(
    {
      ...platform,
      data,
      email: providers.email,
      ...(local ? { standIns: local } : {}),
      businessIdOf: async (ownerId) =>
        (await data.businessConfigs.getConfig(ownerId))?.business_id ?? ownerId,
      ownerEmailOf: async (ownerId) =>
        (await data.notifications.getPreferences(ownerId))?.email ||
        (await data.businessConfigs.getConfig(ownerId))?.escalation_email ||
        (await signInEmail(ownerId)),
    },
    createHookTargetSource(app),
  );
  // A turn's business profile (config, objective, payouts, knowledge base, calendar model) is read by one
  // BatchGetItem beside the turn lease instead of five GetItems (docs/decisions/185-model-latency.md).
  const profileStore = { doc: coalescingGets(doc), tableName: config.tableName, now };
  const receptionist = receptionistFromApp({
    ...platform,
    data: {
      ...data,
      ...setupRecords(profileStore),
      ...payoutsRecords(profileStore),
      ...knowledgeRecords(profileStore),
      ...calendarModelRecords(profileStore),
    },
    reminders: reminders.planning,
    webhooks,
    notify: notifier,
    calendar: ownerCalendar,
    payments: providers.payments,
    telephony: providers.telephony,
    ...(local ? { localModel: local.model } : {}),
  });
  return {
    ...platform,
    // Outermost: an access token's missing e-mail and attributes come from the pool (docs/decisions/158).
    verifyToken: withAccessTokenIdentity(
      withRevocationCheck(
        withVerifiedTokenCache(createTokenVerifier(config.cognito)),
        data.sessionRevocations,
      ),
      providers.identity,
    ),
    data,
    providers,
    receptionist,
    ownerCalendar,
    notifier,
    reminders,
    webhooks,
    messagingRegistrations,
    textingGate,
    ...(local ? { standIns: local } : {}),
    onTrialCompleted: rewards.trialCompleted,
    referralRewards: rewards,
    databaseProbe: createDatabaseProbe(doc, config.tableName),
  };
}
