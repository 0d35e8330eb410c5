import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { BotCalendarRepository, CalendarConnectionRepository } from '../calendars/records/index';
import type { PayoutRepository } from '../payouts/records/index';
import type { CallerMemoryRepository } from '../receptionist/records/index';
import type { BusinessConfigRepository } from './records/business-config';
import type { ObjectivesRepository } from './records/objectives';
import type { AssistantNumberLookup } from '../forwarding/index';

/**
 * What the setup capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type SetupDeps = PlatformDeps & {
  data: {
    botCalendars: BotCalendarRepository;
    businessConfigs: BusinessConfigRepository;
    /** Turning "Remember past callers" off forgets everyone it remembered. */
    callerMemories: Pick<CallerMemoryRepository, 'forgetAll'>;
    calendarConnections: CalendarConnectionRepository;
    objectives: ObjectivesRepository;
    payouts: PayoutRepository;
    phoneReservations: AssistantNumberLookup;
  };
  providers: Pick<Providers, 'llm' | 'places' | 'speech'>;
};
