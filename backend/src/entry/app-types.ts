import type { PlatformDeps } from '../platform/deps';
import type { Providers } from '../providers/providers';
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
import type { BusinessConfigRepository } from '../capabilities/setup/business-config';
import type { ObjectivesRepository } from '../capabilities/setup/objectives';
import type { WebhookFailureRepository } from '../platform/webhooks/webhook-failures';
import type { SubscriptionRepository } from '../capabilities/billing/subscriptions';
import type { WaitlistRepository } from '../capabilities/billing/waitlists';
import type { PhoneReservationRepository } from '../capabilities/phone-numbers/phone-reservations';
import type { DatabaseProbe } from '../platform/dynamo/database-probe';
import type { SmsMessagingRepository } from '../capabilities/sms/sms-messaging';
import type { RelayCallRepository } from '../capabilities/voice/relay-calls';
import type { SessionRevocationRepository } from '../platform/auth/session-revocations';
import type { CallerErasure } from '../capabilities/conversations/caller-erasure';
import type { NotificationRepository } from '../capabilities/notifications/notification-records';
import type { Notifier } from '../capabilities/notifications/notifier';
import type { AccountDeletionRepository } from '../capabilities/account/account-deletions';
import type { OwnerDataErasure } from '../capabilities/account/owner-data-erasure';
import type { StandIns } from './stand-ins';
import type { OwnerCalendar } from '../capabilities/calendars/sync/owner-calendar';

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
};

export type { AppEnv } from '../platform/http/app-env';
