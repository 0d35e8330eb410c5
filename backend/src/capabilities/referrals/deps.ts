import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { SubscriptionRepository } from '../billing/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { ReferralRepository } from './records/referrals';

/**
 * What the referrals capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type ReferralsDeps = PlatformDeps & {
  data: {
    businessConfigs: BusinessConfigRepository;
    referrals: ReferralRepository;
    subscriptions: SubscriptionRepository;
  };
  providers: Pick<Providers, 'email'>;
};
