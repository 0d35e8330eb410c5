import { effectiveModules, type SetupSources } from '@shared/capability-sources';
import type { BusinessConfig } from '@shared/schemas/business-config';
import type { AppData } from '../../app-types';

/** What the owner has actually set up: a calendar the assistant can book into, and its own phone number. */
export async function setupSources(
  data: Pick<AppData, 'botCalendars' | 'calendarConnections'>,
  ownerId: string,
  config: Pick<BusinessConfig, 'assistant_phone'>,
): Promise<SetupSources> {
  const [botCalendar, connections] = await Promise.all([
    data.botCalendars.get(ownerId),
    data.calendarConnections.list(ownerId),
  ]);
  return sourcesOf({ botCalendar: Boolean(botCalendar), connections }, config);
}

/** Pure: the setup sources from what was read (getConfigWithSetup reads it with the config). */
export const sourcesOf = (
  setup: { botCalendar: boolean; connections: Array<{ status: string }> },
  config: Pick<BusinessConfig, 'assistant_phone'>,
): SetupSources => ({
  calendar: setup.botCalendar || setup.connections.some((c) => c.status === 'connected'),
  phoneNumber: Boolean(config.assistant_phone?.trim()),
});

/** The config with `authorized_modules` as in effect for these sources (see withEffectiveModules). */
export const effectiveConfig = <T extends BusinessConfig>(config: T, sources: SetupSources): T => ({
  ...config,
  authorized_modules: effectiveModules(sources, config.authorized_modules ?? []),
});

/**
 * The config as the API answers it: `authorized_modules` holds the modules in effect (issue 12 §4), those
 * the owner's setup turns on plus the operator's grants. The stored attribute keeps only the grants (ops CLI
 * `grant-modules`), so a disconnected calendar turns its module off again by itself.
 */
export async function withEffectiveModules<T extends BusinessConfig>(
  data: Pick<AppData, 'botCalendars' | 'calendarConnections'>,
  ownerId: string,
  config: T,
): Promise<T> {
  return effectiveConfig(config, await setupSources(data, ownerId, config));
}
