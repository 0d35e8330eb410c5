import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryPages } from './batch-write';
import { keys, userKey } from './keys';

/** Messages the assistant took for the owner (name, callback number, reason), newest first by sk. */
export type OwnerMessage = {
  id: string;
  conversation_id: string;
  name: string;
  callback_number: string;
  reason: string;
  channel: string;
  taken_at: string;
};

export function createOwnerMessageRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async save(ownerId: string, message: Omit<OwnerMessage, 'id' | 'taken_at'>): Promise<OwnerMessage> {
      const stored = { ...message, id: randomUUID(), taken_at: now().toISOString() };
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.ownerMessage(ownerId, stored.taken_at, stored.id), ...stored },
        }),
      );
      return stored;
    },

    /** How many messages were taken in [from, to) (the daily digest); counts only, one Query. */
    async countBetween(ownerId: string, from: Date, to: Date): Promise<number> {
      let count = 0;
      for await (const page of queryPages(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': userKey(ownerId),
          ':from': `MESSAGE#${from.toISOString()}`,
          // Just before `to`: the window is half-open, like the digest's day.
          ':to': `MESSAGE#${new Date(to.getTime() - 1).toISOString()}$`,
        },
        Select: 'COUNT',
      }))
        count += page.Count ?? 0;
      return count;
    },

    async latest(ownerId: string, limit = 50): Promise<OwnerMessage[]> {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': userKey(ownerId), ':prefix': 'MESSAGE#' },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (Items ?? []).map(({ pk: _pk, sk: _sk, ...m }) => m as OwnerMessage);
    },
  };
}
export type OwnerMessageRepository = ReturnType<typeof createOwnerMessageRepository>;
