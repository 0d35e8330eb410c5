import type { PlatformDeps } from '../../platform/deps';
import type { CalendarProviders } from '../../providers/calendar/port';
import type { AppointmentRepository } from '../appointments/records/index';
import type { ConversationRepository } from '../conversations/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { ApiKeyRepository, HookRepository } from './records/index';

/**
 * What the automations capability takes from the wiring: its keys and hooks, the records the polling lists
 * read (conversations, appointments, the config's business id), and the token cipher that seals the hooks'
 * signing secrets at rest (the calendar tokens' AES-GCM key, providers/calendar/token-cipher.ts).
 */
export type AutomationsDeps = PlatformDeps & {
  data: {
    apiKeys: ApiKeyRepository;
    hooks: HookRepository;
    businessConfigs: BusinessConfigRepository;
    conversations: ConversationRepository;
    appointments: AppointmentRepository;
  };
  providers: { calendar: Pick<CalendarProviders, 'tokenCipher'> };
};
