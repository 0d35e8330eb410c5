import type { PlatformDeps } from '../../platform/deps';
import type { AssistantNumberLookup } from './business-number-check';
import type { ForwardingRepository } from './records/forwarding-records';

/**
 * What the forwarding capability takes from the wiring: the platform, its own record of the config's
 * `forwarding` map, and who holds which assistant number (docs/decisions/171-backend-by-capability.md).
 */
export type ForwardingDeps = PlatformDeps & {
  data: {
    forwarding: ForwardingRepository;
    phoneReservations: AssistantNumberLookup;
  };
};
