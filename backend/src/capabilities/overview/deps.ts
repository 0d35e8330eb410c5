import type { MessagingRegistrationRepository } from '../messaging-registration/records/index';
import type { PlatformDeps } from '../../platform/deps';
import type { AppointmentRepository } from '../appointments/records/index';
import type { SubscriptionRepository } from '../billing/records/index';
import type { CalendarConnectionRepository } from '../calendars/records/index';
import type { ConversationRepository, OwnerMessageRepository } from '../conversations/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { ReminderRepository } from '../reminders/records/index';

/**
 * What the overview capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type OverviewDeps = PlatformDeps & {
  data: {
    messagingRegistrations: MessagingRegistrationRepository;
    appointments: AppointmentRepository;
    businessConfigs: BusinessConfigRepository;
    calendarConnections: CalendarConnectionRepository;
    conversations: ConversationRepository;
    ownerMessages: OwnerMessageRepository;
    subscriptions: SubscriptionRepository;
    reminders: Pick<ReminderRepository, 'getSettings'>;
  };
};
