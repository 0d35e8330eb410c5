import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createCallerErasure } from './caller-erasure';
import { createConversationRepository } from './conversations';
import { createOwnerMessageRepository } from './owner-messages';
export { createCallerErasure } from './caller-erasure';
export type { CallerErasure } from './caller-erasure';
export { createConversationRepository } from './conversations';
export type { ConversationRepository } from './conversations';
export { createOwnerMessageRepository } from './owner-messages';
export type { OwnerMessageRepository } from './owner-messages';

/** Conversation records, owner messages and the erasure of a caller. */
export function conversationsRecords({ doc, tableName, now }: RecordStore) {
  const conversations = createConversationRepository(doc, tableName);
  return {
    conversations,
    ownerMessages: createOwnerMessageRepository(doc, tableName, now),
    callerErasure: createCallerErasure(doc, tableName, conversations),
  };
}
