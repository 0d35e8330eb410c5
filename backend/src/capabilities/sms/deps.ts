import type { TextingGate } from '../messaging-registration/index';
import type { PlatformDeps } from '../../platform/deps';
import type { SubscriptionRepository } from '../billing/index';
import type { PhoneReservationRepository } from '../phone-numbers/index';
import type { BusinessConfigRepository } from '../setup/index';
import type { SmsMessagingRepository } from './sms-messaging';

/**
 * What the sms capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type SmsDeps = PlatformDeps & {
  textingGate: TextingGate;
  data: {
    businessConfigs: BusinessConfigRepository;
    phoneReservations: PhoneReservationRepository;
    smsMessaging: SmsMessagingRepository;
    subscriptions: SubscriptionRepository;
  };
};
