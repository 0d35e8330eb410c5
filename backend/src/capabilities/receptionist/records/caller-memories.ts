import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LANGUAGES, type Language } from '@shared/language';
import { CALLER_MEMORY_PREFIX, keys, userKey } from '../../../platform/dynamo/keys';
import { queryAll, writeInBatches } from '../../../platform/dynamo/batch-write';
import { unlessConditionFails } from '../../../platform/dynamo/condition-failures';

/** Longest name or service a memory keeps (the appointment's own limits). */
const FACT_MAX = 100;

/**
 * What the assistant remembers of one caller of one owner (docs/decisions/177-caller-memory.md): the name
 * they gave, the last service they booked, their language and when they were last in touch. Nothing of what
 * was said: the transcript stays in the call log, under its own retention.
 */
export type CallerMemory = {
  caller: string;
  name?: string;
  last_service?: string;
  language?: Language;
  last_seen_at: string;
};

/** What a conversation learned about its caller, any of it. */
export type CallerFacts = {
  name?: string | undefined;
  lastService?: string | undefined;
  language?: Language | undefined;
};

const clean = (text: string | undefined) => {
  const trimmed = text?.replace(/\s+/g, ' ').trim().slice(0, FACT_MAX);
  return trimmed || undefined;
};

/**
 * Caller memories: one item per (owner, caller number), read with one GetItem when a conversation starts and
 * updated when a booking is made or a conversation ends. Each write carries the owner's retention as its
 * expiry, so a caller who stops calling is forgotten when their transcripts are.
 */
export function createCallerMemoryRepository(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(ownerId: string, caller: string): Promise<CallerMemory | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.callerMemory(ownerId, caller) }),
      );
      if (!Item) return undefined;
      // An item past its expiry can outlive it until DynamoDB's TTL sweep removes it: it is already forgotten.
      if (typeof Item.expires_at === 'number' && Item.expires_at * 1000 < Date.now()) return undefined;
      return {
        caller,
        last_seen_at: String(Item.last_seen_at),
        ...(typeof Item.name === 'string' ? { name: Item.name } : {}),
        ...(typeof Item.last_service === 'string' ? { last_service: Item.last_service } : {}),
        ...(LANGUAGES.includes(Item.language as Language) ? { language: Item.language as Language } : {}),
      };
    },

    /**
     * Records what a conversation learned, as of `at`. Facts it did not learn keep their stored values, and
     * an older conversation finishing late never overwrites a newer one's (the condition on last_seen_at).
     */
    async remember(
      ownerId: string,
      caller: string,
      facts: CallerFacts,
      at: Date,
      retentionDays: number,
    ): Promise<void> {
      const sets = ['last_seen_at = :at', 'expires_at = :expires'];
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {
        ':at': at.toISOString(),
        ':expires': Math.floor(at.getTime() / 1000) + retentionDays * 86_400,
      };
      const name = clean(facts.name);
      const service = clean(facts.lastService);
      if (name) {
        sets.push('#name = :name');
        names['#name'] = 'name';
        values[':name'] = name;
      }
      if (service) {
        sets.push('last_service = :service');
        values[':service'] = service;
      }
      if (facts.language) {
        sets.push('#language = :language');
        names['#language'] = 'language';
        values[':language'] = facts.language;
      }
      await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.callerMemory(ownerId, caller),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_not_exists(last_seen_at) OR last_seen_at <= :at',
            // DynamoDB refuses an empty names map: only the reserved words in use are named.
            ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
            ExpressionAttributeValues: values,
          }),
        ),
      );
    },

    async forget(ownerId: string, caller: string): Promise<void> {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: keys.callerMemory(ownerId, caller) }));
    },

    /** Forgets every caller of the owner (memory switched off): how many memories were deleted. */
    async forgetAll(ownerId: string): Promise<number> {
      const found: Array<Record<string, unknown>> = [];
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userKey(ownerId), ':prefix': CALLER_MEMORY_PREFIX },
        ProjectionExpression: 'pk, sk',
      }))
        found.push({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } });
      await writeInBatches(doc, tableName, found);
      return found.length;
    },
  };
}
export type CallerMemoryRepository = ReturnType<typeof createCallerMemoryRepository>;
