import { effectiveModules, statesAPrice, type SetupSources } from '@shared/capability-sources';
import type { BusinessConfig } from '@shared/schemas/business-config';
import type { SetupDeps } from './deps';
import { payoutStateOfItem } from '../payouts/records/index';
import type { StoredSetupSources } from '../../platform/dynamo/setup-sources';

type SourceFields = Pick<BusinessConfig, 'assistant_phone' | 'manager_number' | 'business_description'>;

/**
 * What the owner has actually set up: a calendar the assistant can book into, its own phone number, a
 * Stripe account deposits can be paid into, a manager to reach and prices to quote.
 */
export async function setupSources(
  data: Pick<SetupDeps['data'], 'botCalendars' | 'calendarConnections' | 'payouts'>,
  ownerId: string,
  config: SourceFields,
): Promise<SetupSources> {
  const [botCalendar, connections, payouts] = await Promise.all([
    data.botCalendars.get(ownerId),
    data.calendarConnections.list(ownerId),
    data.payouts.get(ownerId),
  ]);
  return sourcesOf(
    {
      bot_calendar: Boolean(botCalendar),
      calendar_connected: connections.some((c) => c.status === 'connected'),
      payouts_ready: payoutStateOfItem(payouts) === 'ready',
    },
    config,
  );
}

/**
 * Pure: the setup sources from what the other items say (kept on the config item as `setup_sources`,
 * which getConfigWithSetup reads with it) and from the config's own fields.
 */
export const sourcesOf = (setup: StoredSetupSources, config: SourceFields): SetupSources => ({
  calendar: setup.bot_calendar || setup.calendar_connected,
  phoneNumber: Boolean(config.assistant_phone?.trim()),
  payouts: setup.payouts_ready,
  managerNumber: Boolean(config.manager_number?.trim()),
  prices: statesAPrice(config.business_description),
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
  data: Pick<SetupDeps['data'], 'botCalendars' | 'calendarConnections' | 'payouts'>,
  ownerId: string,
  config: T,
): Promise<T> {
  return effectiveConfig(config, await setupSources(data, ownerId, config));
}
