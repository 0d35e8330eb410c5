import type { BusinessConfig } from '@shared/schemas/business-config';
import { setupProgress } from '@shared/setup-steps';

export type GuardUser = { userId?: string; verified: boolean } | null;

/** What the dashboard needs before it can decide: the config load's state. */
export type ConfigLoad =
  { state: 'loading' } | { state: 'error' } | { state: 'loaded'; config: Partial<BusinessConfig> | null };

export type GuardOutcome = { redirect: '/login' | '/setup' } | { redirect: null; ready: boolean };

/**
 * Spec §4 "Dashboard guard": no user or an unverified e-mail/password user → /login; no user id, no config,
 * no config phone_number, any incomplete setup step or a failed load → /setup. `ready` is false while the
 * config is still loading.
 */
export function dashboardGuard(user: GuardUser, load: ConfigLoad): GuardOutcome {
  if (!user || !user.verified) return { redirect: '/login' };
  if (!user.userId) return { redirect: '/setup' };
  if (load.state === 'loading') return { redirect: null, ready: false };
  if (load.state === 'error') return { redirect: '/setup' };
  const { config } = load;
  if (!config?.phone_number?.trim()) return { redirect: '/setup' };
  if (!setupProgress(config).setupComplete) return { redirect: '/setup' };
  return { redirect: null, ready: true };
}
