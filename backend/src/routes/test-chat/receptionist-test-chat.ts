import { tooManyRequests } from '../../errors/http-error';
import { ConversationLimitError } from '../../receptionist/receptionist';
import type { Receptionist } from '../../receptionist/types';
import type { TestChatEngine } from './test-chat-routes';

/**
 * The owner's test chat over the receptionist: conversations with channel 'test' (never counted in
 * analytics), the owner's own id standing in for a caller number; a conversation id is honoured only for
 * the owner's own open test conversation.
 */
export const receptionistTestChat = (receptionist: Receptionist): TestChatEngine => ({
  kind: receptionist.engineName,

  async conversationFor(ownerId, conversationId) {
    if (conversationId) {
      const existing = await receptionist.getConversation(conversationId);
      const usable =
        existing?.owner_id === ownerId && existing.channel === 'test' && existing.status === 'open';
      return usable ? existing.id : undefined;
    }
    try {
      return (await receptionist.startConversation({ ownerId, channel: 'test', caller: ownerId })).id;
    } catch (error) {
      if (error instanceof ConversationLimitError) {
        throw tooManyRequests('You have started too many conversations today. Please try again tomorrow.');
      }
      throw error;
    }
  },

  runTurn: (_ownerId, conversationId, text) => receptionist.runTurn(conversationId, { text }),
});
