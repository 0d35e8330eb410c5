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
import { toE164BusinessPhone } from '@shared/schemas/business-info';
import { APP_TABLE } from '../../../platform/dynamo/table-definition';
import { CALENDAR_SERVICES, type ConnectionStatus } from '@shared/calendar';
import { CALENDAR_CONNECTION_PREFIX, keys } from '../../../platform/dynamo/keys';
import {
  isConditionFailure,
  transactionConditionFailures,
} from '../../../platform/dynamo/condition-failures';

/** A stored business config, without the table's key attributes. The full field set is spec §3. */
export type StoredBusinessConfig = BusinessConfig;

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expires_at'];
/** Drops key attributes; number sets (marked_steps) come back from DynamoDB as Sets and leave as lists. */
const stripKeys = (item: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(item)
      .filter(([key]) => !KEY_ATTRIBUTES.includes(key))
      .map(([key, value]) =>
        value instanceof Set ? [key, [...value].sort((a: number, b: number) => a - b)] : [key, value],
      ),
  ) as StoredBusinessConfig;

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
        value !== undefined && !['business_id', 'created_at', ...KEY_ATTRIBUTES].includes(key),
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

  const repository = {
    async getConfig(userId: string): Promise<StoredBusinessConfig | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.businessConfig(userId), ConsistentRead: true }),
      );
      return Item ? stripKeys(Item) : undefined;
    },

    /**
     * The config with what the owner's setup has turned on (the Business Calendar, calendar connections),
     * read in one consistent BatchGet: the config answer shows the modules in effect (issue 12 §4), and
     * reading them after the config had cut that answer's throughput to a quarter (issue 16).
     */
    async getConfigWithSetup(userId: string): Promise<{
      config: StoredBusinessConfig | undefined;
      botCalendar: boolean;
      connections: Array<{ status: ConnectionStatus }>;
      payoutsReady: boolean;
    }> {
      const items: Array<Record<string, unknown>> = [];
      let request: Record<string, { Keys: Array<Record<string, string>>; ConsistentRead: true }> = {
        [tableName]: {
          Keys: [
            keys.businessConfig(userId),
            keys.botCalendar(userId),
            keys.payouts(userId),
            ...CALENDAR_SERVICES.map((service) => keys.calendarConnection(userId, service)),
          ],
          ConsistentRead: true,
        },
      };
      for (let attempt = 0; ; attempt += 1) {
        const { Responses, UnprocessedKeys } = await doc.send(new BatchGetCommand({ RequestItems: request }));
        items.push(...(Responses?.[tableName] ?? []));
        const rest = UnprocessedKeys?.[tableName]?.Keys ?? [];
        if (rest.length === 0) break;
        if (attempt >= 5) throw new Error('The config read kept being throttled');
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
        request = { [tableName]: { Keys: rest as Array<Record<string, string>>, ConsistentRead: true } };
      }
      const config = items.find((item) => item.sk === keys.businessConfig(userId).sk);
      return {
        config: config ? stripKeys(config) : undefined,
        botCalendar: items.some((item) => item.sk === keys.botCalendar(userId).sk),
        payoutsReady:
          payoutStateOfItem(
            items.find((item) => item.sk === keys.payouts(userId).sk) as Payouts | undefined,
          ) === 'ready',
        connections: items
          .filter((item) => String(item.sk).startsWith(CALENDAR_CONNECTION_PREFIX))
          .map((item) => ({ status: item.status as ConnectionStatus })),
      };
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
