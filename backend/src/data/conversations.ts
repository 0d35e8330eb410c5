import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Conversation } from '@shared/schemas/conversation';
import { CONVERSATION_PREFIX, keys, userKey } from './keys';

const KEY_ATTRIBUTES = ['pk', 'sk'];
/** DynamoDB's BatchWriteItem limit. */
const BATCH_SIZE = 25;
const MAX_BATCH_ATTEMPTS = 8;

/** ISO strings sort by time only in one canonical form (UTC, milliseconds, Z). */
const canonicalIso = (iso: string) => new Date(iso).toISOString();

/**
 * An owner's conversation records, one item each under the owner's partition, sorted by start time
 * (docs/data-model.md "Conversations and analytics"): a time range is a single Query.
 */
export function createConversationRepository(doc: DynamoDBDocumentClient, tableName: string) {
  const item = (userId: string, conversation: Conversation) => {
    const startedAt = canonicalIso(conversation.started_at);
    return {
      ...conversation,
      started_at: startedAt,
      ended_at: canonicalIso(conversation.ended_at),
      ...keys.conversation(userId, startedAt, conversation.id),
    };
  };

  return {
    /** Stores records (a new id adds one; the same start time and id overwrites it, so re-seeding is idempotent). */
    async saveConversations(userId: string, conversations: readonly Conversation[]): Promise<void> {
      for (let start = 0; start < conversations.length; start += BATCH_SIZE) {
        let requests = conversations
          .slice(start, start + BATCH_SIZE)
          .map((c) => ({ PutRequest: { Item: item(userId, c) } }));
        for (let attempt = 0; requests.length > 0; attempt += 1) {
          if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error('conversation batch write kept being throttled');
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
          const { UnprocessedItems } = await doc.send(
            new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
          );
          requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
      }
    },

    /** The owner's conversations that started between from and to (inclusive), oldest first. */
    async listConversations(userId: string, from: Date, to: Date): Promise<Conversation[]> {
      const conversations: Conversation[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': userKey(userId),
              ':from': `${CONVERSATION_PREFIX}${from.toISOString()}`,
              // '$' sorts after '#': every id of a conversation that started exactly at `to` is included.
              ':to': `${CONVERSATION_PREFIX}${to.toISOString()}$`,
            },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const found of page.Items ?? []) {
          conversations.push(
            Object.fromEntries(
              Object.entries(found).filter(([k]) => !KEY_ATTRIBUTES.includes(k)),
            ) as Conversation,
          );
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return conversations;
    },
  };
}
export type ConversationRepository = ReturnType<typeof createConversationRepository>;
