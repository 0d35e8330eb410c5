import type { PlatformDeps } from '../../platform/deps';

/**
 * What the frontend-logs capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type FrontendLogsDeps = PlatformDeps & {
  data: Record<never, never>;
};
