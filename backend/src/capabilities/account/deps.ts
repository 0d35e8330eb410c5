import type { SessionRevocationRepository } from '../../platform/auth/session-revocations';
import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { SubscriptionRepository } from '../billing/records/index';
import type { PhoneReservationRepository } from '../phone-numbers/records/index';
import type { AccountDeletionRepository } from './records/account-deletions';
import type { OwnerDataErasure } from './records/owner-data-erasure';
import type { CallRecordingRepository } from '../recordings/records/index';

/**
 * What the account capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type AccountDeps = PlatformDeps & {
  data: {
    accountDeletions: AccountDeletionRepository;
    ownerDataErasure: OwnerDataErasure;
    phoneReservations: PhoneReservationRepository;
    sessionRevocations: SessionRevocationRepository;
    subscriptions: SubscriptionRepository;
    callRecordings: CallRecordingRepository;
  };
  providers: Pick<Providers, 'identity' | 'payments' | 'telephony' | 'callRecordings'>;
};
