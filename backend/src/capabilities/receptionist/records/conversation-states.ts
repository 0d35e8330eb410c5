import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { ConversationState } from './conversation-types';
import { keys } from '../../../platform/dynamo/keys';
import {
  isConditionFailure,
  transactionConditionFailures,
} from '../../../platform/dynamo/condition-failures';

/**
 * The engine's working state of each conversation (docs/data-model.md "Receptionist"), keyed by its id so any
 * Lambda instance can take the next turn, and the open thread of each (business, channel, caller). Writes are
 * versioned: a turn that lost a race to another turn of the same conversation fails instead of overwriting it.
 */
const STATE_DAYS = 30;

export class StaleConversationError extends Error {}
/** A conversation with this id exists already (a webhook retry). */
export class ConversationExistsError extends Error {}
/** An item written together with a new conversation failed its condition; `index` is its place among them. */
export class AlongsideConditionError extends Error {
  constructor(readonly index: number) {
    super(`condition failed on item ${index} written with the conversation`);
  }
}

export type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

/** The state in a stored item: its keys, expiry and turn lease are the table's, not the conversation's. */
function stateOfItem(item: Record<string, unknown>): ConversationState {
  const { pk: _pk, sk: _sk, expires_at: _e, lock_holder: _h, lock_until: _u, ...state } = item;
  return state as ConversationState;
}

export function createConversationStateRepository(doc: DynamoDBDocumentClient, tableName: string) {
  const expiresAt = (state: ConversationState) =>
    Math.floor(new Date(state.last_at).getTime() / 1000) + STATE_DAYS * 86_400;

  return {
    /**
     * Creates the state, with `alongside` items (a limit's count, the call-log record) in the same
     * transaction: one round trip, and none is written unless all are.
     */
    async create(state: ConversationState, alongside: TransactItem[] = []): Promise<void> {
      const put = {
        TableName: tableName,
        Item: { ...keys.conversationState(state.id), ...state, expires_at: expiresAt(state) },
        ConditionExpression: 'attribute_not_exists(pk)',
      };
      try {
        if (alongside.length === 0) await doc.send(new PutCommand(put));
        else await doc.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...alongside] }));
      } catch (error) {
        if (isConditionFailure(error)) throw new ConversationExistsError(state.id);
        const failed = transactionConditionFailures(error)?.indexOf(true) ?? -1;
        if (failed === 0) throw new ConversationExistsError(state.id);
        if (failed > 0) throw new AlongsideConditionError(failed - 1);
        throw error;
      }
    },

    async get(id: string): Promise<ConversationState | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.conversationState(id), ConsistentRead: true }),
      );
      return Item ? stateOfItem(Item) : undefined;
    },

    /** Stores the next version of the state; StaleConversationError when another turn stored one first. */
    async save(state: ConversationState): Promise<ConversationState> {
      const next = { ...state, version: state.version + 1 };
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...keys.conversationState(state.id), ...next, expires_at: expiresAt(next) },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': state.version },
          }),
        );
        return next;
      } catch (error) {
        if (isConditionFailure(error)) throw new StaleConversationError(state.id);
        throw error;
      }
    },

    /**
     * Takes the conversation's turn lease: one turn at a time per conversation, across instances, so two
     * texts arriving together are answered one after the other instead of racing. Undefined while another
     * holder's lease is live (a lease left by a crashed turn expires after `leaseMs`); otherwise the state as
     * the lease was taken, read in the same request, so a turn waits for one round trip, not two, before its
     * model is asked (docs/decisions/185-model-latency.md).
     */
    async acquireTurn(
      id: string,
      holder: string,
      now: Date,
      leaseMs: number,
    ): Promise<ConversationState | undefined> {
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.conversationState(id),
            UpdateExpression: 'SET lock_holder = :holder, lock_until = :until',
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(lock_until) OR lock_until < :now)',
            ExpressionAttributeValues: {
              ':holder': holder,
              ':until': now.getTime() + leaseMs,
              ':now': now.getTime(),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? stateOfItem(Attributes) : undefined;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async releaseTurn(id: string, holder: string): Promise<void> {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.conversationState(id),
            UpdateExpression: 'REMOVE lock_holder, lock_until',
            ConditionExpression: 'lock_holder = :holder',
            ExpressionAttributeValues: { ':holder': holder },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /**
     * Claims a thread for a new conversation unless one is open within the window: of several first messages
     * arriving together, one creates the conversation and the others join it. Returns the thread's id.
     */
    async claimThread(
      ownerId: string,
      channel: string,
      caller: string,
      candidateId: string,
      since: Date,
      at: Date,
      /** An ended conversation the thread may still point to: it is replaced too. */
      endedId = '',
    ): Promise<string> {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.conversationThread(ownerId, channel, caller),
              conversation_id: candidateId,
              last_at: at.toISOString(),
              expires_at: Math.floor(at.getTime() / 1000) + STATE_DAYS * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR last_at < :since OR conversation_id = :ended',
            ExpressionAttributeValues: { ':since': since.toISOString(), ':ended': endedId },
          }),
        );
        return candidateId;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const { Item } = await doc.send(
          new GetCommand({
            TableName: tableName,
            Key: keys.conversationThread(ownerId, channel, caller),
            ConsistentRead: true,
          }),
        );
        return String(Item!.conversation_id);
      }
    },

    /** The conversation id of the thread if its last activity is within the window. */
    async openThread(
      ownerId: string,
      channel: string,
      caller: string,
      since: Date,
    ): Promise<string | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.conversationThread(ownerId, channel, caller),
          ConsistentRead: true,
        }),
      );
      if (!Item || new Date(String(Item.last_at)) < since) return undefined;
      return String(Item.conversation_id);
    },

    async touchThread(ownerId: string, channel: string, caller: string, conversationId: string, at: Date) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.conversationThread(ownerId, channel, caller),
            conversation_id: conversationId,
            last_at: at.toISOString(),
            expires_at: Math.floor(at.getTime() / 1000) + STATE_DAYS * 86_400,
          },
        }),
      );
    },
  };
}
export type ConversationStateRepository = ReturnType<typeof createConversationStateRepository>;
