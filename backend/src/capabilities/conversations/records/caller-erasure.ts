import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll, writeInBatches } from '../../../platform/dynamo/batch-write';
import { CONVERSATION_CHANNELS } from '@shared/conversation';
import type { ConversationRepository } from './conversations';
import { APPOINTMENT_PREFIX, keys, OWNER_MESSAGE_PREFIX, userKey } from '../../../platform/dynamo/keys';

type Key = { pk: unknown; sk: unknown };

/**
 * Issue 13 §5 caller erasure: everything an owner's partition holds about one caller number: conversation
 * records, the engine's working states and thread pointers, appointments (with their deposit sessions),
 * messages taken, the lapsed-owner notice, the assistant's memory of them. The STOP opt-out is kept on purpose: it is what stops us texting
 * them again. Every read is a Query of the owner's own partition (never a Scan).
 */
export function createCallerErasure(
  doc: DynamoDBDocumentClient,
  tableName: string,
  conversations: Pick<ConversationRepository, 'eraseCaller'>,
) {
  /** The owner's items under a sk prefix whose `attribute` is the caller. */
  async function matching(ownerId: string, prefix: string, attribute: string, caller: string) {
    const found: Array<Key & Record<string, unknown>> = [];
    for await (const item of queryAll(doc, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: '#attribute = :caller',
      ExpressionAttributeNames: { '#attribute': attribute },
      ExpressionAttributeValues: { ':pk': userKey(ownerId), ':prefix': prefix, ':caller': caller },
    }))
      found.push(item as Key & Record<string, unknown>);
    return found;
  }

  return {
    async erase(ownerId: string, caller: string) {
      const [records, appointments, messages] = await Promise.all([
        conversations.eraseCaller(ownerId, caller),
        matching(ownerId, APPOINTMENT_PREFIX, 'customer_phone', caller),
        matching(ownerId, OWNER_MESSAGE_PREFIX, 'callback_number', caller),
      ]);
      const depositSessions = appointments
        .map((a) => (a.deposit as { checkout_session_id?: string | null } | null)?.checkout_session_id)
        .filter((id): id is string => !!id)
        .map((id) => keys.depositSession(id));
      const toDelete: Key[] = [
        ...appointments,
        ...messages,
        ...depositSessions,
        ...records.map((record) => keys.conversationState(record.id)),
        ...CONVERSATION_CHANNELS.map((channel) => keys.conversationThread(ownerId, channel, caller)),
        keys.smsLapsedNotice(ownerId, caller),
        // What the assistant remembered of them (docs/decisions/177-caller-memory.md).
        keys.callerMemory(ownerId, caller),
      ];
      await writeInBatches(
        doc,
        tableName,
        toDelete.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })),
      );
      return { conversations: records.length, appointments: appointments.length, messages: messages.length };
    },
  };
}
export type CallerErasure = ReturnType<typeof createCallerErasure>;
