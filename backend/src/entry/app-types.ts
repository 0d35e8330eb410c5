import type { AppConfig } from '../platform/config/env';
import type { AppointmentRepository } from '../capabilities/appointments/appointments';
import type { CalendarFeedRepository } from '../capabilities/calendars/feed/calendar-feeds';
import type { PayoutRepository } from '../capabilities/payouts/payouts';
import type { SchedulingLinkBookingRepository } from '../capabilities/calendars/scheduling-link-bookings';
import type { ConversationStateRepository } from '../capabilities/receptionist/conversation-states';
import type { OwnerMessageRepository } from '../capabilities/conversations/owner-messages';
import type { Receptionist } from '../capabilities/receptionist/receptionist';
import type { ReferralRepository } from '../capabilities/referrals/referrals';
import type { ReferralRewardHooks } from '../capabilities/referrals/referral-rewards';
import type { ConversationRepository } from '../capabilities/conversations/conversations';
import type { BotCalendarRepository } from '../capabilities/calendars/bot-calendars';
import type { CalendarConnectionRepository } from '../capabilities/calendars/calendar-connections';
import type { OAuthStateRepository } from '../capabilities/calendars/oauth-states';
import type { CalendarProviders } from '../providers/calendar/port';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { BusinessConfigRepository } from '../capabilities/setup/business-config';
import type { ObjectivesRepository } from '../capabilities/setup/objectives';
import type { WebhookFailureRepository } from '../platform/webhooks/webhook-failures';
import type { RateLimiter } from '../platform/dynamo/rate-limits';
import type { Logger } from '../platform/logging/logger';
import type { Metrics } from '../platform/observability/metrics';
import type { LocalOutbox } from '../local/ses/local-outbox';
import type { EmailSender } from '../providers/email/port';
import type { AuthVariables } from '../platform/auth/middleware';
import type { SubscriptionRepository } from '../capabilities/billing/subscriptions';
import type { WaitlistRepository } from '../capabilities/billing/waitlists';
import type { PaymentsProvider } from '../providers/payments/port';
import type { LocalPaymentsProvider } from '../local/stripe/local-payments';
import type { LlmProvider } from '../providers/llm/port';
import type { SpeechProvider } from '../providers/speech/port';
import type { PlacesProvider } from '../providers/places/port';
import type { PhoneReservationRepository } from '../capabilities/phone-numbers/phone-reservations';
import type { TelephonyProvider } from '../providers/telephony/port';
import type { DatabaseProbe } from '../platform/dynamo/database-probe';
import type { SmsMessagingRepository } from '../capabilities/sms/sms-messaging';
import type { LocalTwilioAccount } from '../local/twilio/local-account';
import type { RelayCallRepository } from '../capabilities/voice/relay-calls';
import type { SessionRevocationRepository } from '../platform/auth/session-revocations';
import type { CallerErasure } from '../capabilities/conversations/caller-erasure';
import type { NotificationRepository } from '../capabilities/notifications/notification-records';
import type { Notifier } from '../capabilities/notifications/notifier';
import type { AccountDeletionRepository } from '../capabilities/account/account-deletions';
import type { OwnerDataErasure } from '../capabilities/account/owner-data-erasure';
import type { IdentityAdmin } from '../providers/identity/port';
import type { OwnerCalendar } from '../capabilities/calendars/sync/owner-calendar';

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
