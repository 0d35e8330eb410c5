import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createConversationStateRepository } from './conversation-states';
import { createCallerMemoryRepository } from './caller-memories';
export type { CallerFacts, CallerMemory, CallerMemoryRepository } from './caller-memories';
export { StaleConversationError, createConversationStateRepository } from './conversation-states';
export type { ConversationStateRepository } from './conversation-states';
export type { ConversationState, EngineEvent, ReturningCaller, ToolName } from './conversation-types';

/** Conversation states, and what the assistant remembers of each owner's callers. */
export function receptionistRecords({ doc, tableName }: RecordStore) {
  return {
    conversationStates: createConversationStateRepository(doc, tableName),
    callerMemories: createCallerMemoryRepository(doc, tableName),
  };
}
