import type { AppConfig } from './config/env';
import type { AppointmentRepository } from './data/appointments';
import type { CalendarFeedRepository } from './data/calendar-feeds';
import type { PayoutRepository } from './data/payouts';
import type { SchedulingLinkBookingRepository } from './data/scheduling-link-bookings';
import type { ConversationStateRepository } from './data/conversation-states';
import type { OwnerMessageRepository } from './data/owner-messages';
import type { Receptionist } from './receptionist/receptionist';
import type { ReferralRepository } from './data/referrals';
import type { ReferralRewardHooks } from './routes/referrals/referral-rewards';
import type { ConversationRepository } from './data/conversations';
import type { BotCalendarRepository } from './data/bot-calendars';
import type { CalendarConnectionRepository } from './data/calendar-connections';
import type { OAuthStateRepository } from './data/oauth-states';
import type { CalendarProviders } from './providers/calendar/index';
import type { TokenVerifier } from './auth/token-verifier';
import type { BusinessConfigRepository } from './data/business-config';
import type { ObjectivesRepository } from './data/objectives';
import type { WebhookFailureRepository } from './data/webhook-failures';
import type { RateLimiter } from './data/rate-limits';
import type { Logger } from './logging/logger';
import type { Metrics } from './observability/metrics';
import type { LocalOutbox } from './providers/email/local';
import type { EmailSender } from './providers/email/index';
import type { AuthVariables } from './auth/middleware';
import type { SubscriptionRepository } from './data/subscriptions';
import type { WaitlistRepository } from './data/waitlists';
import type { PaymentsProvider } from './providers/payments/index';
import type { LocalPaymentsProvider } from './providers/payments/local';
import type { LlmProvider } from './providers/llm/index';
import type { SpeechProvider } from './providers/speech/index';
import type { PlacesProvider } from './providers/places/index';
import type { PhoneReservationRepository } from './data/phone-reservations';
import type { TelephonyProvider } from './providers/telephony/index';
import type { DatabaseProbe } from './data/database-probe';
import type { SmsMessagingRepository } from './data/sms-messaging';
import type { LocalTwilioAccount } from './providers/telephony/local-account';
import type { RelayCallRepository } from './data/relay-calls';
import type { SessionRevocationRepository } from './data/session-revocations';
import type { CallerErasure } from './data/caller-erasure';
import type { NotificationRepository } from './data/notifications';
import type { Notifier } from './notifications/notifier';
import type { AccountDeletionRepository } from './data/account-deletions';
import type { OwnerDataErasure } from './data/owner-data-erasure';
import type { IdentityAdmin } from './providers/identity/types';
import type { OwnerCalendar } from './calendar-sync/owner-calendar';
import type { MessagingRegistrationRepository } from './data/messaging-registrations';
import type { MessagingRegistrationProvider } from './providers/messaging-registration/port';
import type { MessagingRegistrations } from './messaging-registration/registration-service';
import type { TextingGate } from './messaging-registration/texting-gate';

/** Repositories over the app table, one per entity (backend/src/data/<entity>.ts). */
export type AppData = {
  businessConfigs: BusinessConfigRepository;
  // Each feature adds its repository on its own line below this one.
  relayCalls: RelayCallRepository;
  sessionRevocations: SessionRevocationRepository;
  accountDeletions: AccountDeletionRepository;
  ownerDataErasure: OwnerDataErasure;
  smsMessaging: SmsMessagingRepository;
  referrals: ReferralRepository;
  conversations: ConversationRepository;
  subscriptions: SubscriptionRepository;
  webhookFailures: WebhookFailureRepository;
  waitlists: WaitlistRepository;
  calendarConnections: CalendarConnectionRepository;
  oauthStates: OAuthStateRepository;
  botCalendars: BotCalendarRepository;
  calendarFeeds: CalendarFeedRepository;
  payouts: PayoutRepository;
  schedulingLinks: SchedulingLinkBookingRepository;
  objectives: ObjectivesRepository;
  phoneReservations: PhoneReservationRepository;
  appointments: AppointmentRepository;
  conversationStates: ConversationStateRepository;
  ownerMessages: OwnerMessageRepository;
  callerErasure: CallerErasure;
  notifications: NotificationRepository;
  messagingRegistrations: MessagingRegistrationRepository;
};

/** External services, each an interface with a real SDK adapter and a local one (providers/<kind>/). */
export type AppProviders = {
  email: EmailSender;
  // Each feature adds its provider on its own line below this one.
  payments: PaymentsProvider | LocalPaymentsProvider;
  calendar: CalendarProviders;
  llm: LlmProvider;
  speech: SpeechProvider;
  places: PlacesProvider;
  telephony: TelephonyProvider;
  /** The identity service's admin side (sign out everywhere, delete user): account deletion. */
  identity: IdentityAdmin;
  /** A2P 10DLC registration: Twilio's Trust Hub and Messaging APIs, or the local registry (decision 169). */
  messagingRegistration: MessagingRegistrationProvider;
};

/** Everything the app needs from outside, passed in so a test builds an app with exactly what it needs. */
export type AppDeps = {
  config: AppConfig;
  /** Signature, claims and session revocation (auth/revocation-check.ts). */
  verifyToken: TokenVerifier;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** Business metrics (EMF): calls answered, bookings, deposits, webhook failures (observability/metrics.ts). */
  metrics: Metrics;
  /** The current time; tests move it. */
  now: () => Date;
  data: AppData;
  providers: AppProviders;
  /** The assistant itself: one engine behind SMS, voice and the owner's test chat. */
  receptionist: Receptionist;
  /** The owner's connected calendar as the assistant and the Appointments view use it (decision 142). */
  ownerCalendar: OwnerCalendar;
  /** After-conversation e-mails, urgent texts, the daily digest and their sweep (issue 13 §2). */
  notifier: Notifier;
  /** Owners' A2P 10DLC registrations (docs/decisions/169-a2p-10dlc-registration.md). */
  messagingRegistrations: MessagingRegistrations;
  /** Whether a text may leave an assistant number now (the same rule gates providers.telephony.sendSms). */
  textingGate: TextingGate;
  /** Present only when local providers are on: the mail outbox page reads it. */
  localOutbox?: LocalOutbox;
  /** Present only with the local telephony provider: the numbers the local phone page can text. */
  localTwilioAccount?: LocalTwilioAccount;
  /** Called once when an owner's trial ends in a paid subscription (the referral rule implements it). */
  onTrialCompleted?: (userId: string) => Promise<void>;
  /** The referral rule's hooks on the payment events (decision 164); onTrialCompleted is its first. */
  referralRewards?: ReferralRewardHooks;
  /** Readiness check: resolves when the database answers (GET /health/ready). */
  databaseProbe?: DatabaseProbe;
};

export type AppEnv = { Variables: Partial<AuthVariables> };
