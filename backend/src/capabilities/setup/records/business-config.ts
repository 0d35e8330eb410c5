import { payoutStateOfItem, type Payouts } from '../../payouts/records/index';
import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { toE164BusinessPhone } from '@shared/phone/phone-number';
import { APP_TABLE } from '../../../platform/dynamo/table-definition';
import { CALENDAR_SERVICES } from '@shared/calendar';
import { CALENDAR_CONNECTION_PREFIX, keys } from '../../../platform/dynamo/keys';
import {
  isConditionFailure,
  transactionConditionFailures,
} from '../../../platform/dynamo/condition-failures';
import {
  NO_SETUP_SOURCES,
  SETUP_SOURCES_ATTRIBUTE,
  storedSetupSources,
  type StoredSetupSources,
} from '../../../platform/dynamo/setup-sources';

/** A stored business config, without the table's key attributes. The full field set is spec §3. */
export type StoredBusinessConfig = BusinessConfig;

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expires_at'];
/** Kept on the item for the server (docs/decisions/187-config-one-read.md), never part of an answer. */
const HIDDEN_ATTRIBUTES = [...KEY_ATTRIBUTES, SETUP_SOURCES_ATTRIBUTE];
/** The payouts item's attributes its state is derived from (payoutStateOfItem). */
const PAYOUT_STATE_ATTRIBUTES = ['account_id', 'details_submitted', 'charges_enabled', 'payouts_enabled'];

/**
 * A condition that holds while an item is as it was read: still missing, or still there with these
 * attributes equal to what was read (or still absent).
 */
function unchangedSince(item: Record<string, unknown> | undefined, attributes: readonly string[]) {
  if (!item) return { ConditionExpression: 'attribute_not_exists(pk)' };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = ['attribute_exists(pk)'];
  attributes.forEach((attribute, i) => {
    names[`#a${i}`] = attribute;
    if (item[attribute] === undefined) parts.push(`attribute_not_exists(#a${i})`);
    else {
      values[`:a${i}`] = item[attribute];
      parts.push(`#a${i} = :a${i}`);
    }
  });
  return {
    ConditionExpression: parts.join(' AND '),
    ...(attributes.length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}
/**
 * Drops key attributes; number sets (marked_steps) come back from DynamoDB as Sets and leave as lists.
 * One pass, no [key, value] arrays: every config read (each screen's) goes through here (issue 41 §3).
 */
const stripKeys = (item: Record<string, unknown>) => {
  const config: Record<string, unknown> = {};
  for (const key of Object.keys(item)) {
    if (HIDDEN_ATTRIBUTES.includes(key)) continue;
    const value = item[key];
    config[key] = value instanceof Set ? [...(value as Set<number>)].sort((a, b) => a - b) : value;
  }
  return config as StoredBusinessConfig;
};

/** A transaction cancelled because its first item's condition failed (the config exists / is missing). */
const isFirstConditionFailure = (error: unknown) => transactionConditionFailures(error)?.[0] === true;

const userIdFromPk = (pk: unknown) => String(pk).replace(/^USER#/, '');

type UpdatableFields = Omit<Partial<BusinessConfig>, 'business_id' | 'created_at' | 'updated_at'>;

export function createBusinessConfigRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  /**
   * The config's business phone is mirrored into its own item whose gsi1 key is the E.164 number, so the
   * config can be found by phone; it is written in the same transaction as the config.
   */
  const businessPhonePut = (userId: string, phone: string) => ({
    Put: {
      TableName: tableName,
      Item: {
        ...keys.businessPhone(userId),
        ...keys.businessPhoneIndex(userId, toE164BusinessPhone(phone)),
        phone_number: toE164BusinessPhone(phone),
      },
    },
  });

  const updateInput = (userId: string, fields: UpdatableFields) => {
    const entries = Object.entries({ ...fields, updated_at: now().toISOString() }).filter(
      ([key, value]) =>
        value !== undefined && !['business_id', 'created_at', ...HIDDEN_ATTRIBUTES].includes(key),
    );
    return {
      TableName: tableName,
      Key: keys.businessConfig(userId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
    };
  };

  /** A consistent BatchGet of these keys, retrying what DynamoDB leaves unprocessed. */
  const batchGetConsistent = async (wanted: Array<Record<string, string>>) => {
    const items: Array<Record<string, unknown>> = [];
    let request = { [tableName]: { Keys: wanted, ConsistentRead: true } };
    for (let attempt = 0; ; attempt += 1) {
      const { Responses, UnprocessedKeys } = await doc.send(new BatchGetCommand({ RequestItems: request }));
      items.push(...(Responses?.[tableName] ?? []));
      const rest = UnprocessedKeys?.[tableName]?.Keys ?? [];
      if (rest.length === 0) return items;
      if (attempt >= 5) throw new Error('The config read kept being throttled');
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      request = { [tableName]: { Keys: rest as Array<Record<string, string>>, ConsistentRead: true } };
    }
  };

  const repository = {
    async getConfig(userId: string): Promise<StoredBusinessConfig | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.businessConfig(userId), ConsistentRead: true }),
      );
      return Item ? stripKeys(Item) : undefined;
    },

    /**
     * The config with what the owner's setup has turned on (the Business Calendar, a connected calendar,
     * payouts): the config answer shows the modules in effect (issue 12 §4). One consistent GetItem: the
     * writers of those items keep them on the config (`setup_sources`, docs/decisions/187-config-one-read.md).
     * A config without the map is read the old way once and the map stored (backfillSetupSources).
     */
    async getConfigWithSetup(userId: string): Promise<{
      config: StoredBusinessConfig | undefined;
      setup: StoredSetupSources;
    }> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.businessConfig(userId), ConsistentRead: true }),
      );
      if (!Item) return { config: undefined, setup: NO_SETUP_SOURCES };
      const stored = storedSetupSources(Item[SETUP_SOURCES_ATTRIBUTE]);
      return {
        config: stripKeys(Item),
        setup: stored ?? (await repository.backfillSetupSources(userId)),
      };
    },

    /**
     * Migration of a config without `setup_sources`: reads the source items (one consistent BatchGet) and
     * stores what they say on the config, in one transaction that checks each item is still as read and
     * the map still missing. A writer that changed an item meanwhile wrote it together with a check that
     * the map was missing (transactWithSetupSources), so one of the two transactions sees the other: the
     * map never keeps a stale value. A refused store is left for the next read; the answer stands.
     */
    async backfillSetupSources(userId: string): Promise<StoredSetupSources> {
      const sourceKeys = [
        keys.botCalendar(userId),
        keys.payouts(userId),
        ...CALENDAR_SERVICES.map((service) => keys.calendarConnection(userId, service)),
      ];
      const items = await batchGetConsistent(sourceKeys);
      const itemAt = (key: { sk: string }) => items.find((item) => item.sk === key.sk);
      const setup: StoredSetupSources = {
        bot_calendar: Boolean(itemAt(keys.botCalendar(userId))),
        calendar_connected: items.some(
          (item) => String(item.sk).startsWith(CALENDAR_CONNECTION_PREFIX) && item.status === 'connected',
        ),
        payouts_ready: payoutStateOfItem(itemAt(keys.payouts(userId)) as Payouts | undefined) === 'ready',
      };
      const unchanged = (key: { pk: string; sk: string }, attributes: readonly string[]) => ({
        ConditionCheck: { TableName: tableName, Key: key, ...unchangedSince(itemAt(key), attributes) },
      });
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.businessConfig(userId),
                  UpdateExpression: 'SET #s = :s',
                  ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#s)',
                  ExpressionAttributeNames: { '#s': SETUP_SOURCES_ATTRIBUTE },
                  ExpressionAttributeValues: { ':s': setup },
                },
              },
              unchanged(keys.botCalendar(userId), []),
              unchanged(keys.payouts(userId), PAYOUT_STATE_ATTRIBUTES),
              ...CALENDAR_SERVICES.map((service) =>
                unchanged(keys.calendarConnection(userId, service), ['status']),
              ),
            ],
          }),
        );
      } catch (error) {
        if (!transactionConditionFailures(error)) throw error;
      }
      return setup;
    },

    /** Creates the owner's config once; a second call returns the existing one unchanged. */
    async createConfig(
      userId: string,
      fields: Omit<Partial<BusinessConfig>, 'business_id'>,
    ): Promise<{ config: StoredBusinessConfig; created: boolean }> {
      const timestamp = now().toISOString();
      const businessId = randomUUID();
      const item = {
        ...fields,
        business_id: businessId,
        created_at: timestamp,
        updated_at: timestamp,
        ...keys.businessConfig(userId),
        ...keys.businessIdIndex(businessId),
      };
      const putConfig = { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
      try {
        if (fields.phone_number) {
          await doc.send(
            new TransactWriteCommand({
              TransactItems: [{ Put: putConfig }, businessPhonePut(userId, fields.phone_number)],
            }),
          );
        } else {
          await doc.send(new PutCommand(putConfig));
        }
        return { config: stripKeys(item), created: true };
      } catch (error) {
        if (!isConditionFailure(error) && !isFirstConditionFailure(error)) throw error;
        return { config: (await repository.getConfig(userId))!, created: false };
      }
    },

    /**
     * Sets the given fields in one atomic update (all or nothing) and returns the new config, or undefined
     * when the owner has no config yet. Undefined values are ignored; business_id and timestamps are ours.
     */
    async updateConfigFields(
      userId: string,
      fields: UpdatableFields,
    ): Promise<StoredBusinessConfig | undefined> {
      try {
        if (fields.phone_number) {
          await doc.send(
            new TransactWriteCommand({
              TransactItems: [
                { Update: updateInput(userId, fields) },
                businessPhonePut(userId, fields.phone_number),
              ],
            }),
          );
          return await repository.getConfig(userId);
        }
        const { Attributes } = await doc.send(
          new UpdateCommand({ ...updateInput(userId, fields), ReturnValues: 'ALL_NEW' }),
        );
        return Attributes ? stripKeys(Attributes) : undefined;
      } catch (error) {
        if (isConditionFailure(error) || isFirstConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /** Step 1 save: creates the config with these fields, or sets them on the existing one. */
    async saveBusinessInfo(
      userId: string,
      fields: UpdatableFields,
    ): Promise<{ config: StoredBusinessConfig; created: boolean }> {
      const created = await repository.createConfig(userId, fields);
      if (created.created) return created;
      const updated = await repository.updateConfigFields(userId, fields);
      return { config: updated ?? created.config, created: false };
    },

    /** The config with this business_id and its owner, through gsi1. */
    async findConfigByBusinessId(
      businessId: string,
    ): Promise<{ userId: string; config: StoredBusinessConfig } | undefined> {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: APP_TABLE.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: {
            ':pk': keys.businessIdIndex(businessId).gsi1pk,
            ':sk': keys.businessIdIndex(businessId).gsi1sk,
          },
          Limit: 1,
        }),
      );
      const item = Items?.[0];
      return item ? { userId: userIdFromPk(item.pk), config: stripKeys(item) } : undefined;
    },

    /**
     * The owner's config if its business phone is this number (any format; compared as E.164), through
     * gsi1 on the phone item. Only this owner's entry is read: another owner's business is never found.
     */
    async findOwnConfigByPhone(userId: string, phone: string): Promise<StoredBusinessConfig | undefined> {
      const index = keys.businessPhoneIndex(userId, toE164BusinessPhone(phone));
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: APP_TABLE.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
          Limit: 1,
        }),
      );
      if (!Items?.length) return undefined;
      // The index is eventually consistent: confirm against the config itself.
      const config = await repository.getConfig(userId);
      return config?.phone_number && toE164BusinessPhone(config.phone_number) === toE164BusinessPhone(phone)
        ? config
        : undefined;
    },

    /** Records a step the wizard reported; completing the last step marks setup completed. */
    async markStep(
      userId: string,
      step: number,
      completesSetup: boolean,
    ): Promise<StoredBusinessConfig | undefined> {
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.businessConfig(userId),
            UpdateExpression: completesSetup
              ? 'ADD marked_steps :step SET updated_at = :now, setup_completed = :true'
              : 'ADD marked_steps :step SET updated_at = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: {
              ':step': new Set([step]),
              ':now': now().toISOString(),
              ...(completesSetup ? { ':true': true } : {}),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? stripKeys(Attributes) : undefined;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },
  };
  return repository;
}
export type BusinessConfigRepository = ReturnType<typeof createBusinessConfigRepository>;
