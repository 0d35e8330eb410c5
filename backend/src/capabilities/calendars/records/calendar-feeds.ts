import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sameTokenHash } from './feed-token';
import { transactionConditionFailures } from '../../../platform/dynamo/condition-failures';
import { keys } from '../../../platform/dynamo/keys';

export type CalendarFeedState = { token_hash: string; created_at: string };
export type FeedChange = { ok: true; created_at: string } | { ok: false; reason: 'conflict' };

/** Every write here is a transaction; one cancelled by a condition or a concurrent transaction lost a race. */
const lostRace = (error: unknown) => transactionConditionFailures(error) !== undefined;

/**
 * The Business Calendar's subscription feed (issue 12 §2): at most one live token per owner. Two items move
 * together in one transaction: the owner's `CALENDAR_FEED` (the current token's hash) and the lookup item
 * `CALFEED#<hash>` → owner that the public route reads. Every change is conditional on the hash the caller
 * saw, so of parallel rotations exactly one wins and exactly one token stays valid.
 */
export function createCalendarFeedRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const repository = {
    async current(ownerId: string): Promise<CalendarFeedState | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.calendarFeed(ownerId), ConsistentRead: true }),
      );
      return Item ? { token_hash: String(Item.token_hash), created_at: String(Item.created_at) } : undefined;
    },

    /**
     * Makes `tokenHash` the live token, replacing `expected` (the hash the caller read, or null when it saw
     * none). A conflict means another change landed first: nothing was written.
     */
    async replace(ownerId: string, expected: string | null, tokenHash: string): Promise<FeedChange> {
      const createdAt = now().toISOString();
      const feedCondition = expected
        ? { ConditionExpression: 'token_hash = :old', ExpressionAttributeValues: { ':old': expected } }
        : { ConditionExpression: 'attribute_not_exists(pk)' };
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.calendarFeed(ownerId), token_hash: tokenHash, created_at: createdAt },
                  ...feedCondition,
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.calendarFeedToken(tokenHash), owner_id: ownerId, created_at: createdAt },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              ...(expected
                ? [{ Delete: { TableName: tableName, Key: keys.calendarFeedToken(expected) } }]
                : []),
            ],
          }),
        );
        return { ok: true, created_at: createdAt };
      } catch (error) {
        if (lostRace(error)) return { ok: false, reason: 'conflict' };
        throw error;
      }
    },

    /** Ends the live token `expected`; false when it was no longer the live one. */
    async revoke(ownerId: string, expected: string): Promise<boolean> {
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.calendarFeed(ownerId),
                  ConditionExpression: 'token_hash = :old',
                  ExpressionAttributeValues: { ':old': expected },
                },
              },
              { Delete: { TableName: tableName, Key: keys.calendarFeedToken(expected) } },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (lostRace(error)) return false;
        throw error;
      }
    },

    /**
     * The owner of a live token, or undefined. The lookup item finds the owner; the owner's own item must
     * still hold the same hash (compared in constant time), so a token is dead the moment it is replaced.
     */
    async ownerOf(tokenHash: string): Promise<string | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.calendarFeedToken(tokenHash),
          ConsistentRead: true,
        }),
      );
      const ownerId = typeof Item?.owner_id === 'string' ? Item.owner_id : undefined;
      if (!ownerId) return undefined;
      const live = await repository.current(ownerId);
      return live && sameTokenHash(live.token_hash, tokenHash) ? ownerId : undefined;
    },
  };
  return repository;
}
export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;
