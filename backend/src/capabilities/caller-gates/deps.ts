import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { SubscriptionRepository } from '../billing/records/index';
import type { PhoneReservationRepository } from '../phone-numbers/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { SmsMessagingRepository } from '../sms/records/index';
import type { OutboundTextGate } from '../sms/index';
import type { BlockedNumberRepository, MissedCallTextRepository } from './records/index';
import type { CallerMemoryRepository } from '../receptionist/records/index';

/**
 * What the caller-gates capability takes from the wiring (docs/decisions/171-backend-by-capability.md): its
 * block list and text-back records, the config (the owner's own numbers, the business's name and time zone),
 * the opt-outs the SMS channel keeps, the subscription, the caller memory (a missed caller's language), the
 * A2P gate, and the telephony provider to text.
 */
export type CallerGatesDeps = PlatformDeps & {
  data: {
    blockedNumbers: BlockedNumberRepository;
    missedCallTexts: MissedCallTextRepository;
    businessConfigs: BusinessConfigRepository;
    phoneReservations: PhoneReservationRepository;
    smsMessaging: SmsMessagingRepository;
    subscriptions: SubscriptionRepository;
    /** The missed-call text speaks a remembered caller's language (decision 174). */
    callerMemories: Pick<CallerMemoryRepository, 'get'>;
  };
  providers: Pick<Providers, 'telephony'>;
  textingGate: OutboundTextGate;
};
