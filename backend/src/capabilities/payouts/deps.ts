import type { WebhookFailureRepository } from '../../platform/webhooks/webhook-failures';
import type { WaitlistRepository, SubscriptionRepository } from '../billing/records/index';
import type { ReferralRepository } from '../referrals/records/index';
import type { AccountDeletionRepository } from '../account/records/index';
import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { AppointmentRepository } from '../appointments/records/index';
import type { Receptionist } from '../receptionist/index';
import type { BusinessConfigRepository, ObjectivesRepository } from '../setup/records/index';
import type { PayoutRepository } from './records/payouts';

/**
 * What the payouts capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type PayoutsDeps = PlatformDeps & {
  data: {
    webhookFailures: WebhookFailureRepository;
    waitlists: WaitlistRepository;
    subscriptions: SubscriptionRepository;
    referrals: ReferralRepository;
    accountDeletions: AccountDeletionRepository;
    appointments: AppointmentRepository;
    businessConfigs: BusinessConfigRepository;
    objectives: ObjectivesRepository;
    payouts: PayoutRepository;
  };
  providers: Pick<Providers, 'payments'>;
  receptionist: Receptionist;
};
