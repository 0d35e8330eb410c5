import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';

/**
 * What the voices capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type VoicesDeps = PlatformDeps & {
  data: Record<never, never>;
  providers: Pick<Providers, 'speech'>;
};
