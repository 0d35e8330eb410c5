import { SMS_THREAD_WINDOW_HOURS } from '@shared/sms';
import { StaleConversationError } from '../../data/conversation-states';
import type { Logger } from '../../logging/logger';
import { ConversationLimitError, type Receptionist } from '../../receptionist/receptionist';
import type { EngineEvent } from '../../receptionist/types';
import { smsRepliesOf } from '../test-chat/chat-items';
import type { SmsAssistant } from './inbound-sms';

/** Two texts of one thread arriving together: the later turn is retried on the conversation's new state. */
const STALE_RETRIES = 3;

/**
 * The SMS channel over the receptionist: a text joins its (business, caller) thread's conversation while the
 * thread was active within 24 hours, else starts one; the turn's text is the reply. An owner over their
 * conversation limit gets no AI reply.
 */
export const receptionistSmsAssistant = (receptionist: Receptionist, logger: Logger): SmsAssistant => ({
  async reply(turn) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const conversation = await receptionist.conversationForThread({
          ownerId: turn.ownerId,
          channel: 'sms',
          caller: turn.caller,
          assistantNumber: turn.assistantNumber,
          windowHours: SMS_THREAD_WINDOW_HOURS,
        });
        const events: EngineEvent[] = [];
        for await (const event of receptionist.runTurn(conversation.id, { text: turn.text }))
          events.push(event);
        return smsRepliesOf(events);
      } catch (error) {
        if (error instanceof ConversationLimitError) {
          logger.warn('SMS not answered: conversation limit', { messageSid: turn.messageSid });
          return [];
        }
        if (error instanceof StaleConversationError && attempt < STALE_RETRIES) continue;
        throw error;
      }
    }
  },
});
