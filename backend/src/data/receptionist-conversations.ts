import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Channel, ConversationState, ConversationTurn } from '../receptionist/types';
import { keys } from './keys';

/**
 * The receptionist's live conversation state (docs/data-model.md "Receptionist conversations"): one item per
 * conversation, keyed by its id so any Lambda instance can take the next turn, and one pointer per
 * (owner, channel, caller) thread naming its current conversation, so a thread's messages share one.
 */

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expires_at']);
const toState = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !KEY_ATTRIBUTES.has(k))) as ConversationState;

/** The turn could not be stored: the conversation is over, or it reached its turn limit. */
export class ConversationClosedError extends Error {}

export function createReceptionistConversationRepository(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async create(state: ConversationState) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.receptionistConversation(state.id), ...state },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async get(conversationId: string): Promise<ConversationState | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.receptionistConversation(conversationId),
          ConsistentRead: true,
        }),
      );
      return Item ? toState(Item) : undefined;
    },

    /** Appends turns to an open conversation below its turn limit (one conditional update). */
    async appendTurns(conversationId: string, turns: ConversationTurn[], maxTurns: number) {
      if (turns.length === 0) return;
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.receptionistConversation(conversationId),
            UpdateExpression: 'SET turns = list_append(turns, :turns), last_activity_at = :at',
            ConditionExpression: 'attribute_exists(pk) AND #status = :open AND size(turns) <= :room',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':turns': turns,
              ':at': turns.at(-1)!.at,
              ':open': 'open',
              ':room': maxTurns - turns.length,
            },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error))
          throw new ConversationClosedError(`conversation ${conversationId} is closed`);
        throw error;
      }
    },

    async end(conversationId: string, reason: string, at: string) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.receptionistConversation(conversationId),
            UpdateExpression: 'SET #status = :ended, ended_at = :at, end_reason = :reason',
            ConditionExpression: 'attribute_exists(pk) AND #status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':ended': 'ended', ':open': 'open', ':at': at, ':reason': reason },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** The conversation a thread names now, and when it was last active (epoch seconds). */
    async getThread(thread: { ownerId: string; channel: Channel; caller: string }) {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.receptionistThread(thread.ownerId, thread.channel, thread.caller),
          ConsistentRead: true,
        }),
      );
      return Item
        ? { conversationId: Item.conversation_id as string, lastActivity: Item.last_activity as number }
        : undefined;
    },

    /**
     * Points the thread at `candidateId` when it names nothing, nothing active since `windowStart` (epoch
     * seconds), or exactly the ended conversation `replacing`. One conditional put decides between
     * concurrent first messages; returns the conversation the thread names afterwards.
     */
    async claimThread(
      thread: { ownerId: string; channel: Channel; caller: string },
      claim: { candidateId: string; nowSeconds: number; windowStart: number; replacing?: string },
    ): Promise<{ conversationId: string; claimed: boolean }> {
      const key = keys.receptionistThread(thread.ownerId, thread.channel, thread.caller);
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key, conversation_id: claim.candidateId, last_activity: claim.nowSeconds },
            ConditionExpression:
              'attribute_not_exists(pk) OR last_activity < :windowStart OR conversation_id = :replacing',
            ExpressionAttributeValues: {
              ':windowStart': claim.windowStart,
              ':replacing': claim.replacing ?? '-',
            },
          }),
        );
        return { conversationId: claim.candidateId, claimed: true };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const current = await this.getThread(thread);
      return { conversationId: current!.conversationId, claimed: false };
    },

    /** Drops a conversation that never had a turn (the loser of a race to start a thread). */
    async discardEmpty(conversationId: string) {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.receptionistConversation(conversationId),
            ConditionExpression: 'size(turns) = :zero',
            ExpressionAttributeValues: { ':zero': 0 },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** Keeps the thread's window open from its latest message. */
    async touchThread(thread: { ownerId: string; channel: Channel; caller: string }, nowSeconds: number) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.receptionistThread(thread.ownerId, thread.channel, thread.caller),
          UpdateExpression: 'SET last_activity = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
    },
  };
}
export type ReceptionistConversationRepository = ReturnType<typeof createReceptionistConversationRepository>;
