import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { keys } from './keys';

/** A stored business config, without the table's key attributes. The full field set is spec §3. */
export type StoredBusinessConfig = BusinessConfig;

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expires_at'];
const stripKeys = (item: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(item).filter(([key]) => !KEY_ATTRIBUTES.includes(key)),
  ) as StoredBusinessConfig;

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

export function createBusinessConfigRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async getConfig(userId: string): Promise<StoredBusinessConfig | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.businessConfig(userId) }),
      );
      return Item ? stripKeys(Item) : undefined;
    },

    /** Creates the owner's config once; a second call returns the existing one unchanged. */
    async createConfig(
      userId: string,
      fields: Omit<Partial<BusinessConfig>, 'business_id'>,
    ): Promise<{ config: StoredBusinessConfig; created: boolean }> {
      const timestamp = now().toISOString();
      const item = {
        ...fields,
        business_id: randomUUID(),
        created_at: timestamp,
        updated_at: timestamp,
        ...keys.businessConfig(userId),
      };
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: item,
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return { config: stripKeys(item), created: true };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return { config: (await this.getConfig(userId))!, created: false };
      }
    },

    /**
     * Sets the given fields in one atomic update (all or nothing) and returns the new config, or undefined
     * when the owner has no config yet. Undefined values are ignored; business_id and timestamps are ours.
     */
    async updateConfigFields(
      userId: string,
      fields: Omit<Partial<BusinessConfig>, 'business_id' | 'created_at' | 'updated_at'>,
    ): Promise<StoredBusinessConfig | undefined> {
      const entries = Object.entries({ ...fields, updated_at: now().toISOString() }).filter(
        ([key, value]) =>
          value !== undefined && !['business_id', 'created_at', ...KEY_ATTRIBUTES].includes(key),
      );
      const names = Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key]));
      const values = Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value]));
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.businessConfig(userId),
            UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
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
}
export type BusinessConfigRepository = ReturnType<typeof createBusinessConfigRepository>;
