import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';

/** A stored business config, without the table's key attributes. The full field set is spec §3. */
export type StoredBusinessConfig = Record<string, unknown> & { business_id: string };

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expires_at'];

export function createBusinessConfigRepository(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async getConfig(userId: string): Promise<StoredBusinessConfig | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.businessConfig(userId) }),
      );
      if (!Item) return undefined;
      return Object.fromEntries(
        Object.entries(Item).filter(([key]) => !KEY_ATTRIBUTES.includes(key)),
      ) as StoredBusinessConfig;
    },
  };
}
export type BusinessConfigRepository = ReturnType<typeof createBusinessConfigRepository>;
