import type { PlatformDeps } from '../../platform/deps';
import type { EmitWebhookEvent } from '../webhooks/index';
import type { SubscriptionRepository } from '../billing/records/index';
import type { PhoneReservationRepository } from '../phone-numbers/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { SmsMessagingRepository } from './records/sms-messaging';
import type { BlockedNumberRepository } from '../caller-gates/records/index';

/**
 * What the sms capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type SmsDeps = PlatformDeps & {
  textingGate: OutboundTextGate;
  /** Signed outbound webhooks (docs/decisions/178): told of opt-outs. */
  webhooks?: { emit: EmitWebhookEvent };
  data: {
    businessConfigs: BusinessConfigRepository;
    phoneReservations: PhoneReservationRepository;
    smsMessaging: SmsMessagingRepository;
    blockedNumbers: BlockedNumberRepository;
    subscriptions: SubscriptionRepository;
  };
};

/**
 * Whether a text may leave this assistant number for this recipient now. The SMS channel declares the gate it
 * consults; the messaging-registration capability implements it (A2P 10DLC, docs/decisions/169).
 */
export type OutboundTextGate = {
  allows(from: string, to: string): Promise<boolean>;
};
