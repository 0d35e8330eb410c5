import { randomUUID } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Language } from '@shared/language';
import { queryAll } from '../../../platform/dynamo/batch-write';
import { keys, OWNER_MESSAGE_PREFIX as MESSAGE_PREFIX, userKey } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/** Messages the assistant took for the owner (name, callback number, reason), newest first by sk. */
export type OwnerMessage = {
  id: string;
  conversation_id: string;
  name: string;
  callback_number: string;
  reason: string;
  channel: string;
  /** The language the caller left it in (docs/decisions/174-spanish.md); absent = English. */
  language?: Language;
  taken_at: string;
  /** Set when the owner marked it handled; until then it is waiting (the Overview counts it). */
  handled_at?: string;
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

    /** Messages taken between from and to (inclusive), oldest first: one sk-range Query (key attributes left out). */
    async takenBetween(ownerId: string, from: Date, to: Date): Promise<OwnerMessage[]> {
      const found: OwnerMessage[] = [];
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': userKey(ownerId),
          ':from': `${MESSAGE_PREFIX}${from.toISOString()}`,
          // '$' sorts after '#': every id of a message taken exactly at `to` is included.
          ':to': `${MESSAGE_PREFIX}${to.toISOString()}$`,
        },
      })) {
        const { pk: _pk, sk: _sk, ...message } = item;
        found.push(message as OwnerMessage);
      }
      return found;
    },

    /**
     * The owner dealt with a message. The first mark is kept (a second click or a parallel request changes
     * nothing); a message that is not this owner's (or no longer exists) is 'missing'.
     */
    async markHandled(
      ownerId: string,
      takenAtIso: string,
      id: string,
    ): Promise<{ result: 'handled' | 'already'; handledAt: string } | { result: 'missing' }> {
      const key = keys.ownerMessage(ownerId, new Date(takenAtIso).toISOString(), id);
      const at = now().toISOString();
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
            UpdateExpression: 'SET handled_at = :at',
            ConditionExpression: 'attribute_exists(pk) AND id = :id AND attribute_not_exists(handled_at)',
            ExpressionAttributeValues: { ':at': at, ':id': id },
          }),
        );
        return { result: 'handled', handledAt: at };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const { Item } = await doc.send(
          new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
        );
        const handledAt = Item?.handled_at as string | undefined;
        return handledAt ? { result: 'already', handledAt } : { result: 'missing' };
      }
    },

    async latest(ownerId: string, limit = 50): Promise<OwnerMessage[]> {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': userKey(ownerId), ':prefix': MESSAGE_PREFIX },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (Items ?? []).map(({ pk: _pk, sk: _sk, ...m }) => m as OwnerMessage);
    },
  };
}
export type OwnerMessageRepository = ReturnType<typeof createOwnerMessageRepository>;
