import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { API_KEYS_PER_OWNER, type ApiKeyScope } from '@shared/automations';
import type { ApiKey } from '@shared/schemas/automations';
import { API_KEY_PREFIX_SK, keys, userKey } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';
import { lowerCount, raiseCount, sendCounted } from './counted-write';

/** What the owner's partition keeps of a key: never the key, only its SHA-256. */
type StoredApiKey = {
  key_id: string;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  key_hash: string;
  created_at: string;
};

/** What an API call reads to authenticate: one GetItem of `APIKEY#<hash>`. */
export type ApiKeyGrant = {
  owner_id: string;
  key_id: string;
  scope: ApiKeyScope;
  last_used_at?: string;
};

export type NewApiKey = Omit<StoredApiKey, 'created_at'>;
export type CreateKeyOutcome = { kind: 'created'; key: ApiKey } | { kind: 'limit_reached' };

/**
 * API keys (docs/decisions/179-api-keys-and-rest-hooks.md). Three items move together in one transaction:
 * the owner's `APIKEY#<id>` (what the dashboard lists), the lookup `APIKEY#<hash>` → owner and scope (what
 * every API call reads, by key), and the owner's count, raised only while under the limit, so parallel
 * creates cannot pass it. Revoking deletes both items and lowers the count: the next call with the key finds
 * nothing and gets 401. The last-used time lives on the lookup item, written at most once a minute.
 */
export function createApiKeyRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const entryOf = (item: StoredApiKey, lastUsedAt: string | undefined): ApiKey => ({
    id: item.key_id,
    name: item.name,
    scope: item.scope,
    prefix: item.prefix,
    created_at: item.created_at,
    last_used_at: lastUsedAt ?? null,
  });

  const stored = async (ownerId: string, keyId: string) => {
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.apiKey(ownerId, keyId), ConsistentRead: true }),
    );
    return Item as StoredApiKey | undefined;
  };

  return {
    async create(ownerId: string, key: NewApiKey): Promise<CreateKeyOutcome> {
      const createdAt = now().toISOString();
      const failures = await sendCounted(doc, [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.apiKey(ownerId, key.key_id), ...key, created_at: createdAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: {
              ...keys.apiKeyLookup(key.key_hash),
              owner_id: ownerId,
              key_id: key.key_id,
              scope: key.scope,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        raiseCount(tableName, keys.apiKeyCount(ownerId), API_KEYS_PER_OWNER),
      ]);
      if (failures?.[2]) return { kind: 'limit_reached' };
      // Ids and hashes are 72+ random bits: a collision is a bug, not a user error.
      if (failures) throw new Error('API key id or hash already taken');
      return { kind: 'created', key: entryOf({ ...key, created_at: createdAt }, undefined) };
    },

    /** The owner's live keys, newest first, with their last-used times (at most API_KEYS_PER_OWNER). */
    async list(ownerId: string): Promise<ApiKey[]> {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': userKey(ownerId), ':prefix': API_KEY_PREFIX_SK },
          ConsistentRead: true,
        }),
      );
      const items = Items as StoredApiKey[];
      const lastUsed = new Map<string, string>();
      if (items.length > 0) {
        const { Responses } = await doc.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: items.map((item) => keys.apiKeyLookup(item.key_hash)),
                ProjectionExpression: 'key_id, last_used_at',
              },
            },
          }),
        );
        for (const grant of (Responses?.[tableName] ?? []) as ApiKeyGrant[])
          if (grant.last_used_at) lastUsed.set(grant.key_id, grant.last_used_at);
      }
      return items
        .map((item) => entryOf(item, lastUsed.get(item.key_id)))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
    },

    /** The grant of a presented key's hash; undefined for an unknown or revoked key. */
    async grantOf(keyHash: string): Promise<ApiKeyGrant | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.apiKeyLookup(keyHash), ConsistentRead: true }),
      );
      return Item as ApiKeyGrant | undefined;
    },

    /**
     * Notes a use, at most once per `resolutionMs`: the condition refuses a write while the stored time is
     * recent, so a key polled every second costs one write a minute, and a revoked key is not recreated.
     */
    async touch(keyHash: string, resolutionMs: number): Promise<void> {
      const at = now();
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.apiKeyLookup(keyHash),
            UpdateExpression: 'SET last_used_at = :at',
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(last_used_at) OR last_used_at < :cutoff)',
            ExpressionAttributeValues: {
              ':at': at.toISOString(),
              ':cutoff': new Date(at.getTime() - resolutionMs).toISOString(),
            },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** Revokes a key: both items go and the count falls; false when the owner has no such key. */
    async revoke(ownerId: string, keyId: string): Promise<boolean> {
      const item = await stored(ownerId, keyId);
      if (!item) return false;
      const failures = await sendCounted(doc, [
        {
          Delete: {
            TableName: tableName,
            Key: keys.apiKey(ownerId, keyId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        { Delete: { TableName: tableName, Key: keys.apiKeyLookup(item.key_hash) } },
        lowerCount(tableName, keys.apiKeyCount(ownerId)),
      ]);
      // A parallel revoke of the same key got there first.
      return failures === undefined;
    },
  };
}
export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
