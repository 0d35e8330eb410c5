import type { PlatformDeps } from '../../platform/deps';
import type { DatabaseProbe } from '../../platform/dynamo/database-probe';

/**
 * What the health capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type HealthDeps = PlatformDeps & {
  data: Record<never, never>;
  databaseProbe?: DatabaseProbe;
};
