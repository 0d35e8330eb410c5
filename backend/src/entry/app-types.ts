import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MessagingRegistrations, TextingGate } from '../capabilities/messaging-registration/index';
import type { PlatformDeps } from '../platform/deps';
import type { AppConfig } from '../platform/config/env';
import type { Logger } from '../platform/logging/logger';
import type { AppBase } from '../platform/http/app-env';
import type { DatabaseProbe } from '../platform/dynamo/database-probe';
import type { Providers, ProviderStandIns } from '../providers/providers';
import type { QueueStandIn } from '../providers/queue/port';
import type { CallClock } from '../providers/telephony/port';
import type { OwnerCalendar } from '../capabilities/calendars/index';
import type { Receptionist, ReceptionistModel } from '../capabilities/receptionist/index';
import type { ReferralRewardHooks } from '../capabilities/referrals/index';
import type { Notifier } from '../capabilities/notifications/index';
import type { Reminders } from '../capabilities/reminders/index';
import type { Webhooks } from '../capabilities/webhooks/index';
import type { AppData } from './app-data';

export type { AppData } from './app-data';

export type AppProviders = Providers;

/** Everything the app needs from outside, passed in so a test builds an app with exactly what it needs. */
export type AppDeps = PlatformDeps & {
  data: AppData;
  providers: AppProviders;
  /** The assistant itself: one engine behind SMS, voice and the owner's test chat. */
  receptionist: Receptionist;
  /** The owner's connected calendar as the assistant and the Appointments view use it (decision 142). */
  ownerCalendar: OwnerCalendar;
  /** After-conversation e-mails, urgent texts, the daily digest and their sweep (issue 13 §2). */
  notifier: Notifier;
  /** Appointment reminders: planned at booking, sent by the notification sweep (docs/decisions/175). */
  reminders: Reminders;
  /** Signed outbound webhooks: endpoints, the sender and its emit (docs/decisions/178). */
  webhooks: Webhooks;
  /** Present only where a local entry point built the app: the stand-ins, their pages and local queue. */
  standIns?: StandIns;
  /** Called once when an owner's trial ends in a paid subscription (the referral rule implements it). */
  onTrialCompleted?: (userId: string) => Promise<void>;
  /** The referral rule's hooks on the payment events (decision 164); onTrialCompleted is its first. */
  referralRewards?: ReferralRewardHooks;
  /** Readiness check: resolves when the database answers (GET /health/ready). */
  databaseProbe?: DatabaseProbe;
  /** Owners' A2P 10DLC registrations (docs/decisions/169-a2p-10dlc-registration.md). */
  messagingRegistrations: MessagingRegistrations;
  /** Whether a text may leave an assistant number now (the same rule gates providers.telephony.sendSms). */
  textingGate: TextingGate;
};

/** What a local entry point's stand-ins are built from. */
export type StandInContext = {
  config: AppConfig;
  doc: DynamoDBDocumentClient;
  now: () => Date;
  logger: Logger;
  /** Who holds which number: the local number inventory offers only free ones. */
  heldAmong(numbers: string[]): Promise<Set<string>>;
};

/**
 * The local stand-ins of the external services, typed by their ports only: production code never names a
 * stand-in (docs/decisions/171-backend-by-capability.md). Only local entry points (the Node server, the
 * tests, the bench and the scripts) build them (backend/src/local/stand-ins.ts) and hand them to
 * createAppDeps; the Lambda entries hand none, so a deployed bundle holds none. Each chooser still takes
 * the real vendor first when its keys are set.
 */
export type StandIns = ProviderStandIns & {
  /** The local phone's "call as if at" moment of a simulated call (docs/decisions/173-answer-modes.md). */
  callClock?: CallClock;
  model: () => ReceptionistModel;
  queue: QueueStandIn;
  /** The stand-ins' own pages (outbox, checkout, phone, consent screens) and their webhook loops. */
  mountRoutes(app: AppBase, deps: AppDeps): void;
};

export type StandInFactory = (context: StandInContext) => StandIns;

export type { AppEnv } from '../platform/http/app-env';
