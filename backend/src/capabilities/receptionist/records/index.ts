import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createConversationStateRepository } from './conversation-states';
export { StaleConversationError, createConversationStateRepository } from './conversation-states';
export type { ConversationStateRepository } from './conversation-states';
export type { ConversationState, EngineEvent, ToolName } from './conversation-types';

/** Conversation states. */
export function receptionistRecords({ doc, tableName }: RecordStore) {
  return {
    conversationStates: createConversationStateRepository(doc, tableName),
  };
}
