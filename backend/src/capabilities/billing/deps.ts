import type { PayoutRepository } from '../payouts/records/index';
import type { ObjectivesRepository, BusinessConfigRepository } from '../setup/records/index';
import type { AppointmentRepository } from '../appointments/records/index';
import type { WebhookFailureRepository } from '../../platform/webhooks/webhook-failures';
import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { AccountDeletionRepository } from '../account/records/index';
import type { Receptionist } from '../receptionist/index';
import type { ReferralRewardHooks } from '../referrals/index';
import type { ReferralRepository } from '../referrals/records/index';
import type { SubscriptionRepository } from './records/subscriptions';
import type { WaitlistRepository } from './records/waitlists';

/**
 * What the billing capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type BillingDeps = PlatformDeps & {
  data: {
    payouts: PayoutRepository;
    objectives: ObjectivesRepository;
    appointments: AppointmentRepository;
    webhookFailures: WebhookFailureRepository;
    accountDeletions: AccountDeletionRepository;
    businessConfigs: BusinessConfigRepository;
    referrals: ReferralRepository;
    subscriptions: SubscriptionRepository;
    waitlists: WaitlistRepository;
  };
  providers: Pick<Providers, 'payments'>;
  onTrialCompleted?: (userId: string) => Promise<void>;
  receptionist: Receptionist;
  referralRewards?: ReferralRewardHooks;
};
