import type {
  MessagingRegistrationRepository,
  MessagingRegistrations,
  TextingGate,
} from '../capabilities/messaging-registration/index';
import type { PlatformDeps } from '../platform/deps';
import type { Providers } from '../providers/providers';
import type { AppointmentRepository } from '../capabilities/appointments/index';
import type {
  CalendarFeedRepository,
  SchedulingLinkBookingRepository,
  BotCalendarRepository,
  CalendarConnectionRepository,
  OAuthStateRepository,
  OwnerCalendar,
} from '../capabilities/calendars/index';
import type { PayoutRepository } from '../capabilities/payouts/index';
import type { ConversationStateRepository, Receptionist } from '../capabilities/receptionist/index';
import type {
  OwnerMessageRepository,
  ConversationRepository,
  CallerErasure,
} from '../capabilities/conversations/index';
import type { ReferralRepository, ReferralRewardHooks } from '../capabilities/referrals/index';
import type { BusinessConfigRepository, ObjectivesRepository } from '../capabilities/setup/index';
import type { WebhookFailureRepository } from '../platform/webhooks/webhook-failures';
import type { SubscriptionRepository, WaitlistRepository } from '../capabilities/billing/index';
import type { PhoneReservationRepository } from '../capabilities/phone-numbers/index';
import type { DatabaseProbe } from '../platform/dynamo/database-probe';
import type { SmsMessagingRepository } from '../capabilities/sms/index';
import type { RelayCallRepository } from '../capabilities/voice/index';
import type { SessionRevocationRepository } from '../platform/auth/session-revocations';
import type { NotificationRepository, Notifier } from '../capabilities/notifications/index';
import type { AccountDeletionRepository, OwnerDataErasure } from '../capabilities/account/index';
import type { StandIns } from './stand-ins';
import type { ForwardingRepository } from '../capabilities/forwarding/index';

/** Repositories over the app table, one per entity (each in its capability's folder). */
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
  forwarding: ForwardingRepository;
};

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

export type { AppEnv } from '../platform/http/app-env';
