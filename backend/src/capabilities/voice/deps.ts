import type { PhoneReservationRepository } from '../phone-numbers/index';
import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { CallClock } from '../../providers/telephony/port';
import type { SubscriptionRepository } from '../billing/index';
import type { ConversationRepository } from '../conversations/index';
import type { ConversationStateRepository, Receptionist } from '../receptionist/index';
import type { BusinessConfigRepository, ObjectivesRepository } from '../setup/index';

/**
 * What the voice capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type VoiceDeps = PlatformDeps & {
  data: {
    phoneReservations: PhoneReservationRepository;
    businessConfigs: BusinessConfigRepository;
    conversationStates: ConversationStateRepository;
    conversations: ConversationRepository;
    objectives: ObjectivesRepository;
    subscriptions: SubscriptionRepository;
  };
  providers: Pick<Providers, 'telephony'>;
  receptionist: Receptionist;
  /** Local entry points only: the simulated call's moment (the local phone's "call as if at"). */
  standIns?: { callClock?: CallClock };
};
