import type { SubscriptionRepository } from '../billing/records/index';
import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { AppointmentRepository } from '../appointments/records/index';
import type { Receptionist } from '../receptionist/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { BotCalendarRepository } from './records/bot-calendars';
import type { CalendarConnectionRepository } from './records/calendar-connections';
import type { CalendarFeedRepository } from './records/calendar-feeds';
import type { OAuthStateRepository } from './records/oauth-states';
import type { OwnerCalendar } from './sync/owner-calendar';

/**
 * What the calendars capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type CalendarsDeps = PlatformDeps & {
  data: {
    subscriptions: SubscriptionRepository;
    appointments: AppointmentRepository;
    botCalendars: BotCalendarRepository;
    businessConfigs: BusinessConfigRepository;
    calendarConnections: CalendarConnectionRepository;
    calendarFeeds: CalendarFeedRepository;
    oauthStates: OAuthStateRepository;
  };
  providers: Pick<Providers, 'calendar' | 'email'>;
  ownerCalendar: OwnerCalendar;
  receptionist: Receptionist;
};
