import { tooManyRequests } from '../../../platform/errors/http-error';
import { ConversationLimitError } from '../conversation-start';
import type { Receptionist } from '../receptionist';
import type { TestChatEngine } from './test-chat-routes';

/** Stands in for a caller's number in the owner's test chat when the business has no phone on file. */
const TEST_CALLER = '+15555550100';

/**
 * The owner's test chat over the receptionist: conversations with channel 'test' (never counted in
 * analytics, no texts sent) from the business's own phone as the caller; a conversation id is honoured only
 * for the owner's own open test conversation.
 */
export const receptionistTestChat = (
  receptionist: Receptionist,
  businessPhone: (ownerId: string) => Promise<string | undefined>,
): TestChatEngine => ({
  kind: receptionist.kind,
  refusal: () => receptionist.refusal('test'),

  async conversationFor(ownerId, conversationId, greeting) {
    if (conversationId) {
      const existing = await receptionist.getConversation(conversationId);
      const usable = existing?.owner_id === ownerId && existing.channel === 'test' && !existing.ended_at;
      return usable ? existing.id : undefined;
    }
    try {
      const caller = (await businessPhone(ownerId)) ?? TEST_CALLER;
      return (
        await receptionist.startConversation({
          ownerId,
          channel: 'test',
          caller,
          ...(greeting ? { greeting } : {}),
        })
      ).id;
    } catch (error) {
      if (error instanceof ConversationLimitError) {
        throw tooManyRequests('You have started too many conversations today. Please try again tomorrow.');
      }
      throw error;
    }
  },

  // The owner is known (the conversation is theirs): the business is read beside the turn's lease, as on a
  // call or a text, so the test chat answers as fast as the assistant does (docs/decisions/185).
  runTurn: (ownerId, conversationId, text) => receptionist.runTurn(conversationId, { text, ownerId }),
});
