import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { BLOCKED_NUMBERS_LIMIT } from '@shared/caller-gates';
import type { BlockedNumber } from '@shared/schemas/caller-gates';
import { BLOCKED_NUMBER_PREFIX, keys, userKey } from '../../../platform/dynamo/keys';
import {
  isConditionFailure,
  transactionConditionFailures,
} from '../../../platform/dynamo/condition-failures';

export type BlockOutcome =
  | { kind: 'blocked'; entry: BlockedNumber }
  | { kind: 'already_blocked'; entry: BlockedNumber }
  | { kind: 'limit_reached' };

type StoredBlockedNumber = {
  number: string;
  reason: string;
  blocked_at: string;
  attempts?: number;
  last_attempt_at?: string;
};

const entryOf = (item: StoredBlockedNumber): BlockedNumber => ({
  number: item.number,
  reason: item.reason,
  blocked_at: item.blocked_at,
  attempts: item.attempts ?? 0,
  last_attempt_at: item.last_attempt_at ?? null,
});

/**
 * The owner's block list (docs/data-model.md "Block list", docs/decisions/176): one item per blocked number
 * under the owner's partition, read by key on every inbound call and text, and a count item that a block and
 * an unblock change in the same transaction, so the per-owner limit holds under parallel blocks. About the
 * blocked caller nothing is kept but the attempts counter and its last time.
 */
export function createBlockedNumberRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const get = async (ownerId: string, number: string): Promise<BlockedNumber | undefined> => {
    const { Item } = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: keys.blockedNumber(ownerId, number),
        ConsistentRead: true,
      }),
    );
    return Item ? entryOf(Item as StoredBlockedNumber) : undefined;
  };

  /** A number a block can name: a withheld caller's 'Anonymous' (or any other text) is not one. */
  const isBlockable = (caller: string) => /^\+\d{4,16}$/.test(caller);

  /** Counts a blocked caller's call or text (nothing else about it is stored); gone if unblocked meanwhile. */
  const noteAttempt = async (ownerId: string, number: string): Promise<void> => {
    try {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.blockedNumber(ownerId, number),
          UpdateExpression: 'ADD attempts :one SET last_attempt_at = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1, ':at': now().toISOString() },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  };

  return {
    get,

    /**
     * Whether the number is blocked, without counting an attempt: the text-back's own check, and a call's
     * (which counts the attempt once it knows whose line it is). A withheld caller is never blocked.
     */
    async isBlocked(ownerId: string, number: string): Promise<boolean> {
      if (!isBlockable(number)) return false;
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.blockedNumber(ownerId, number),
          // The whole (small) item rather than a projection: a call's screen then joins the line's other
          // reads in one BatchGetItem (platform/dynamo/coalesced-gets.ts, decision 186).
          ConsistentRead: true,
        }),
      );
      return Item !== undefined;
    },

    /**
     * The hot path of every inbound call and text (docs/decisions/176): whether the caller is blocked, by one
     * GetItem of the key; only a blocked caller costs a second write, its attempts counter, whose failure is
     * never the reason a blocked caller gets through. A withheld caller ('Anonymous') is never blocked.
     */
    async screen(ownerId: string, caller: string): Promise<'blocked' | 'allowed'> {
      if (!isBlockable(caller)) return 'allowed';
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.blockedNumber(ownerId, caller),
          // The whole (small) item rather than a projection: a call's screen then joins the line's other
          // reads in one BatchGetItem (platform/dynamo/coalesced-gets.ts, decision 186).
          ConsistentRead: true,
        }),
      );
      if (!Item) return 'allowed';
      await noteAttempt(ownerId, caller).catch(() => undefined);
      return 'blocked';
    },

    noteAttempt,

    /** Every blocked number, newest block first (at most BLOCKED_NUMBERS_LIMIT items: one or two pages). */
    async list(ownerId: string): Promise<BlockedNumber[]> {
      const items: StoredBlockedNumber[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': userKey(ownerId), ':prefix': BLOCKED_NUMBER_PREFIX },
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        items.push(...((page.Items ?? []) as StoredBlockedNumber[]));
        start = page.LastEvaluatedKey;
      } while (start);
      return items.map(entryOf).sort((a, b) => b.blocked_at.localeCompare(a.blocked_at));
    },

    /**
     * Blocks a number: the item is put only if absent and the count raised only while under the limit, in one
     * transaction, so parallel blocks can neither pass the limit nor count one number twice.
     */
    async block(ownerId: string, number: string, reason: string): Promise<BlockOutcome> {
      const entry: BlockedNumber = {
        number,
        reason,
        blocked_at: now().toISOString(),
        attempts: 0,
        last_attempt_at: null,
      };
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.blockedNumber(ownerId, number),
                    number,
                    reason,
                    blocked_at: entry.blocked_at,
                    attempts: 0,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.blockedNumberCount(ownerId),
                  UpdateExpression: 'SET #n = if_not_exists(#n, :zero) + :one',
                  ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
                  ExpressionAttributeNames: { '#n': 'count' },
                  ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':limit': BLOCKED_NUMBERS_LIMIT },
                },
              },
            ],
          }),
        );
        return { kind: 'blocked', entry };
      } catch (error) {
        const failures = transactionConditionFailures(error);
        if (!failures) throw error;
        if (failures[0]) {
          const existing = await get(ownerId, number);
          if (existing) return { kind: 'already_blocked', entry: existing };
        }
        if (failures[1]) return { kind: 'limit_reached' };
        // A conflict with a parallel write to the count: the caller may try again.
        throw error;
      }
    },

    /** Unblocks a number: the item goes and the count falls together; false when it was not blocked. */
    async unblock(ownerId: string, number: string): Promise<boolean> {
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.blockedNumber(ownerId, number),
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.blockedNumberCount(ownerId),
                  UpdateExpression: 'SET #n = #n - :one',
                  ConditionExpression: '#n > :zero',
                  ExpressionAttributeNames: { '#n': 'count' },
                  ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        const failures = transactionConditionFailures(error);
        if (failures?.[0]) return false;
        throw error;
      }
    },
  };
}
export type BlockedNumberRepository = ReturnType<typeof createBlockedNumberRepository>;
