import {
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { transactionConditionFailures } from './condition-failures';
import { keys } from './keys';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * What items other than the config say about the owner's setup, kept on the config item as the map
 * `setup_sources` so that the config's answer (with the modules in effect) is one GetItem
 * (docs/decisions/187-config-one-read.md). The fields the config itself holds (assistant phone, manager
 * number, prices) are derived from it at read time and are not stored here.
 */
export type StoredSetupSources = {
  /** The Business Calendar item exists (setup step 7, choice 'bot'). */
  bot_calendar: boolean;
  /** A personal calendar connection has status 'connected' (an owner has one at a time). */
  calendar_connected: boolean;
  /** The owner's Stripe account can take deposits (its payouts item's state is 'ready'). */
  payouts_ready: boolean;
};
export type SetupSourceFlag = keyof StoredSetupSources;

export const SETUP_SOURCES_ATTRIBUTE = 'setup_sources';
/** No source set up: no config, or a new owner's. */
export const NO_SETUP_SOURCES: StoredSetupSources = {
  bot_calendar: false,
  calendar_connected: false,
  payouts_ready: false,
};
const FLAGS: readonly SetupSourceFlag[] = ['bot_calendar', 'calendar_connected', 'payouts_ready'];

/** A stored map with every flag, or undefined: a config written before the map, or by hand, has none. */
export const storedSetupSources = (value: unknown): StoredSetupSources | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const map = value as Record<string, unknown>;
  if (!FLAGS.every((flag) => typeof map[flag] === 'boolean')) return undefined;
  return Object.fromEntries(FLAGS.map((flag) => [flag, map[flag]])) as StoredSetupSources;
};

/** Attempts before a write gives up: each retry follows a race (a migration, a conflicting transaction). */
const ATTEMPTS = 8;

/**
 * Writes a setup source's own items (`items`: the calendar connection, the Business Calendar, the payouts
 * item…) and sets `flags` on the owner's config in the SAME transaction, so the config never disagrees
 * with the items. A config without the map yet (or no config at all) gets no flag: the transaction then
 * checks that the map is still missing instead, so a migration that read the items before this write
 * cannot store what it read afterwards (its own transaction checks those items are unchanged, see the
 * config repository). Returns false, with nothing written, when one of `items`' own conditions failed.
 */
export async function transactWithSetupSources(
  store: { doc: DynamoDBDocumentClient; tableName: string },
  ownerId: string,
  flags: Partial<StoredSetupSources>,
  items: TransactItem[],
): Promise<boolean> {
  const { doc, tableName } = store;
  const key = keys.businessConfig(ownerId);
  const entries = Object.entries(flags);
  const names = {
    '#s': SETUP_SOURCES_ATTRIBUTE,
    ...Object.fromEntries(entries.map(([f], i) => [`#f${i}`, f])),
  };
  const setFlags: TransactItem = {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `SET ${entries.map((_, i) => `#s.#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(#s)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
    },
  };
  const mapStillMissing: TransactItem = {
    ConditionCheck: {
      TableName: tableName,
      Key: key,
      ConditionExpression: 'attribute_not_exists(#s)',
      ExpressionAttributeNames: { '#s': SETUP_SOURCES_ATTRIBUTE },
    },
  };
  let configItem = setFlags;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await doc.send(new TransactWriteCommand({ TransactItems: [...items, configItem] }));
      return true;
    } catch (error) {
      const failed = transactionConditionFailures(error);
      if (!failed || attempt >= ATTEMPTS) throw error;
      if (failed.slice(0, items.length).some(Boolean)) return false;
      if (failed[items.length]) {
        // The config has no map (or it has just been migrated): the other form of the same write.
        configItem = configItem === setFlags ? mapStillMissing : setFlags;
      } else {
        // A conflict with another transaction on one of these items: wait a little and write again.
        await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt * Math.random()));
      }
    }
  }
}
