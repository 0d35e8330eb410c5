import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/** A relay socket lives as long as a call; the item outlives the longest call, then its TTL removes it. */
export const RELAY_CALL_TTL_SECONDS = 4 * 60 * 60;

/** Who opened the relay socket: Twilio (signed handshake) or an owner's browser test call (their JWT). */
export type RelayCaller = { kind: 'twilio' } | { kind: 'owner'; sub: string };

export type RelayCall = {
  connectionId: string;
  caller: RelayCaller;
  /** Set by the `setup` message. */
  conversationId?: string;
  callSid?: string;
  /** The conversation's owner, stored at `setup`: a turn reads the business beside its lease. */
  ownerId?: string;
  /** The session was ended (by us or by the caller); later messages only get a clean end. */
  ended?: boolean;
};

/**
 * One item per relay WebSocket connection (RELAYCALL#<connectionId>), so any Lambda instance taking the
 * next message knows which conversation the socket carries (docs/data-model.md "Voice relay").
 */
export function createRelayCallRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
) {
  const key = (connectionId: string) => ({ pk: `RELAYCALL#${connectionId}`, sk: 'CALL' });
  return {
    async connect(connectionId: string, caller: RelayCaller): Promise<void> {
      const at = Math.floor(now() / 1000);
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key(connectionId), caller, connected_at: at, expires_at: at + RELAY_CALL_TTL_SECONDS },
        }),
      );
    },
    async get(connectionId: string): Promise<RelayCall | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: key(connectionId), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return {
        connectionId,
        caller: Item.caller as RelayCaller,
        ...(Item.conversation_id ? { conversationId: Item.conversation_id as string } : {}),
        ...(Item.call_sid ? { callSid: Item.call_sid as string } : {}),
        ...(Item.owner_id ? { ownerId: Item.owner_id as string } : {}),
        ...(Item.ended ? { ended: true } : {}),
      };
    },
    /** Binds the socket to its conversation once: a second `setup` on the same socket is refused. */
    async setUp(
      connectionId: string,
      conversationId: string,
      callSid: string,
      ownerId?: string,
    ): Promise<boolean> {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(connectionId),
            UpdateExpression: `SET conversation_id = :c, call_sid = :s${ownerId ? ', owner_id = :o' : ''}`,
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(conversation_id)',
            ExpressionAttributeValues: {
              ':c': conversationId,
              ':s': callSid,
              ...(ownerId ? { ':o': ownerId } : {}),
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async end(connectionId: string): Promise<void> {
      await doc
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(connectionId),
            UpdateExpression: 'SET ended = :t',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':t': true },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },
  };
}
export type RelayCallRepository = ReturnType<typeof createRelayCallRepository>;
