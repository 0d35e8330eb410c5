import type { CalendarConnectionRepository, BotCalendarRepository } from '../calendars/records/index';
import type { PayoutRepository } from '../payouts/records/index';
import type { SubscriptionRepository } from '../billing/records/index';
import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { PhoneReservationRepository } from './records/phone-reservations';

/**
 * What the phone-numbers capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type PhoneNumbersDeps = PlatformDeps & {
  data: {
    calendarConnections: CalendarConnectionRepository;
    botCalendars: BotCalendarRepository;
    payouts: PayoutRepository;
    subscriptions: SubscriptionRepository;
    businessConfigs: BusinessConfigRepository;
    phoneReservations: PhoneReservationRepository;
  };
  providers: Pick<Providers, 'telephony'>;
  messagingRegistrations: NumberChangeRegistrations;
};

type AssistantNumber = { sid: string; phoneNumber: string };
/**
 * A changed number joins the owner's A2P messaging service (decision 169, "A changed number"); the
 * messaging-registration capability's service fits this shape (named here: importing it would be a cycle).
 */
export type NumberChangeRegistrations = {
  numberChanging(ownerId: string, phoneNumber: string): Promise<void>;
  attachNumber(ownerId: string, number: AssistantNumber): Promise<unknown>;
  attachIfAwaiting(ownerId: string, number: AssistantNumber): Promise<unknown>;
};
