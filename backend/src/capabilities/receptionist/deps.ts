import type { PlatformDeps } from '../../platform/deps';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { Receptionist } from './receptionist';

/**
 * What the receptionist capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type ReceptionistDeps = PlatformDeps & {
  data: {
    businessConfigs: BusinessConfigRepository;
  };
  receptionist: Receptionist;
};
