import type { VoiceDeps } from '../deps';
import { conversationRecord, type ConversationStart } from '../../receptionist/conversation-start';
import { StaleConversationError } from '../../receptionist/records/index';
import type { ConversationState } from '../../receptionist/records/index';

export type ConversationAmender = {
  get(id: string): Promise<ConversationState | undefined>;
  amend(state: ConversationState): Promise<boolean>;
};

/**
 * Writes a state the voice channel changed outside a turn (an interrupt's trimmed reply, a transfer and its
 * result) with the engine's optimistic version check, then the conversation record the owner sees, so
 * both stay whole and in step. False when a turn stored a newer version first (the caller retries).
 */
export function conversationAmender(
  data: Pick<VoiceDeps['data'], 'conversationStates' | 'conversations'>,
  receptionist: Pick<ConversationStart, 'profileOf'>,
): ConversationAmender {
  return {
    get: (id) => data.conversationStates.get(id),
    async amend(state) {
      try {
        const saved = await data.conversationStates.save(state);
        const business = await receptionist.profileOf(saved.owner_id);
        await data.conversations.saveConversations(saved.owner_id, [conversationRecord(saved, business)], {
          retentionDays: business.retentionDays,
        });
        return true;
      } catch (error) {
        if (error instanceof StaleConversationError) return false;
        throw error;
      }
    },
  };
}

/** Applies a change to a conversation, retrying when a turn wrote in between; false if it is gone. */
export async function amendConversation(
  amender: ConversationAmender,
  id: string,
  change: (state: ConversationState) => void,
): Promise<ConversationState | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const state = await amender.get(id);
    if (!state) return undefined;
    change(state);
    if (await amender.amend(state)) return state;
  }
  return undefined;
}
