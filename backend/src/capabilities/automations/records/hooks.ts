import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HOOKS_PER_OWNER } from '@shared/automations';
import type { WebhookEvent } from '@shared/schemas/webhook-events';
import { queryAll } from '../../../platform/dynamo/batch-write';
import { HOOK_PREFIX, keys, userKey } from '../../../platform/dynamo/keys';
import { lowerCount, raiseCount, sendCounted } from './counted-write';

/** One REST-hook subscription as stored: the signing secret only sealed (AES-GCM, token-cipher.ts). */
export type StoredHook = {
  hook_id: string;
  event: WebhookEvent;
  target_url: string;
  secret_enc: string;
  /** The API key that subscribed it: revoking the key removes its hooks. */
  key_id: string;
  created_at: string;
};

export type SubscribeOutcome =
  { kind: 'subscribed'; hook: StoredHook } | { kind: 'limit_reached' } | { kind: 'key_revoked' };

/**
 * REST-hook subscriptions (docs/decisions/179): one item per hook under the owner's partition, and the
 * owner's count moved in the same transaction, so parallel subscribes cannot pass the limit. At most
 * HOOKS_PER_OWNER items, so every read here is one small Query of the partition.
 */
export function createHookRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const all = async (ownerId: string, filter?: { attribute: 'event' | 'key_id'; value: string }) => {
    const hooks: StoredHook[] = [];
    for await (const item of queryAll(doc, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(filter
        ? { FilterExpression: '#f = :value', ExpressionAttributeNames: { '#f': filter.attribute } }
        : {}),
      ExpressionAttributeValues: {
        ':pk': userKey(ownerId),
        ':prefix': HOOK_PREFIX,
        ...(filter ? { ':value': filter.value } : {}),
      },
      ConsistentRead: true,
    }))
      hooks.push(item as StoredHook);
    return hooks;
  };

  return {
    /**
     * Stores a hook while its key still exists (a condition check on the owner's key item in the same
     * transaction): a key revoked meanwhile leaves no hook behind that its revocation did not see.
     */
    async subscribe(ownerId: string, hook: Omit<StoredHook, 'created_at'>): Promise<SubscribeOutcome> {
      const stored: StoredHook = { ...hook, created_at: now().toISOString() };
      const failures = await sendCounted(doc, [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.hook(ownerId, hook.hook_id), ...stored },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        raiseCount(tableName, keys.hookCount(ownerId), HOOKS_PER_OWNER),
        {
          ConditionCheck: {
            TableName: tableName,
            Key: keys.apiKey(ownerId, hook.key_id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ]);
      if (failures?.[2]) return { kind: 'key_revoked' };
      if (failures?.[1]) return { kind: 'limit_reached' };
      if (failures) throw new Error('Hook id already taken');
      return { kind: 'subscribed', hook: stored };
    },

    async get(ownerId: string, hookId: string): Promise<StoredHook | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.hook(ownerId, hookId), ConsistentRead: true }),
      );
      return Item as StoredHook | undefined;
    },

    /** Removes one of the owner's hooks; false when the owner has none with this id. */
    async unsubscribe(ownerId: string, hookId: string): Promise<boolean> {
      const failures = await sendCounted(doc, [
        {
          Delete: {
            TableName: tableName,
            Key: keys.hook(ownerId, hookId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        lowerCount(tableName, keys.hookCount(ownerId)),
      ]);
      return failures === undefined;
    },

    /** The owner's hooks for one event: what a delivery goes to. */
    forEvent: (ownerId: string, event: WebhookEvent) => all(ownerId, { attribute: 'event', value: event }),

    /** The hooks one API key subscribed (removed when the key is revoked). */
    ofKey: (ownerId: string, keyId: string) => all(ownerId, { attribute: 'key_id', value: keyId }),
  };
}
export type HookRepository = ReturnType<typeof createHookRepository>;
