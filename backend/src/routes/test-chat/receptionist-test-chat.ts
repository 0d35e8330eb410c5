import { tooManyRequests } from '../../errors/http-error';
import { ConversationLimitError, type Receptionist } from '../../receptionist/receptionist';
import type { BusinessConfigRepository } from '../../data/business-config';
import type { TestChatEngine } from './test-chat-routes';

/** A stand-in caller number for test chats whose business has no phone on file (never texted). */
const TEST_CALLER = '+15555550100';

/**
 * The owner's test chat over the receptionist: conversations with channel 'test' (left out of analytics),
 * started without an assistant number so nothing is texted to anyone, with the business's own phone as the
 * caller; a conversation id is honoured only for the owner's own open test conversation.
 */
export const receptionistTestChat = (
  receptionist: Receptionist,
  businessConfigs: Pick<BusinessConfigRepository, 'getConfig'>,
): TestChatEngine => ({
  kind: receptionist.kind,

  async conversationFor(ownerId, conversationId) {
    if (conversationId) {
      const existing = await receptionist.getConversation(conversationId);
      const usable = existing?.owner_id === ownerId && existing.channel === 'test' && !existing.ended_at;
      return usable ? existing.id : undefined;
    }
    const phone = (await businessConfigs.getConfig(ownerId))?.phone_number;
    try {
      const started = await receptionist.startConversation({
        ownerId,
        channel: 'test',
        caller: phone && /^\+1\d{10}$/.test(phone) ? phone : TEST_CALLER,
      });
      return started.id;
    } catch (error) {
      if (error instanceof ConversationLimitError) {
        throw tooManyRequests('You have started too many conversations today. Please try again tomorrow.');
      }
      throw error;
    }
  },

  runTurn: (_ownerId, conversationId, text) => receptionist.runTurn(conversationId, { text }),
});
