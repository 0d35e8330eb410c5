import type { PhoneReservationRepository } from '../phone-numbers/records/index';
import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { SubscriptionRepository } from '../billing/records/index';
import type { ConversationRepository } from '../conversations/records/index';
import type { Receptionist } from '../receptionist/index';
import type { ConversationStart } from '../receptionist/conversation-start';
import type { CallerMemoryRepository, ConversationStateRepository } from '../receptionist/records/index';
import type { BusinessConfigRepository, ObjectivesRepository } from '../setup/records/index';
import type { ForwardingRepository } from '../forwarding/records/index';
import type { CallClock } from '../../providers/telephony/port';
import type { BlockedNumberRepository, MissedCallTextRepository } from '../caller-gates/records/index';
import type { SmsMessagingRepository } from '../sms/records/index';
import type { OutboundTextGate } from '../sms/index';
import type { CallRecordingRepository } from '../recordings/records/index';
import type { BusinessLineRingRepository } from './records/index';

/**
 * What the voice capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type VoiceDeps = PlatformDeps & {
  data: {
    phoneReservations: PhoneReservationRepository;
    businessConfigs: BusinessConfigRepository;
    conversationStates: ConversationStateRepository;
    callerMemories: Pick<CallerMemoryRepository, 'get'>;
    conversations: ConversationRepository;
    objectives: ObjectivesRepository;
    subscriptions: SubscriptionRepository;
    forwarding: ForwardingRepository;
    blockedNumbers: BlockedNumberRepository;
    missedCallTexts: MissedCallTextRepository;
    smsMessaging: SmsMessagingRepository;
    /** The month's recording count, claimed when a call of an owner who records it starts (decision 184). */
    callRecordings: Pick<CallRecordingRepository, 'claimMonthlySlot'>;
    /** Ring me first: the calls whose business line rang, and whether it picked up. */
    businessLineRings: BusinessLineRingRepository;
  };
  providers: Pick<Providers, 'telephony'>;
  /** The A2P gate the missed-call text-back consults before it claims the day's text (decision 169). */
  textingGate: OutboundTextGate;
  /** A conversation's start (the engine's own) and its finish: a call's webhooks run no turn. */
  receptionist: ConversationStart & Pick<Receptionist, 'finish'>;
  /** Local entry points only: the simulated call's moment (the local phone's "call as if at"). */
  standIns?: { callClock?: CallClock };
};
