import { SMS_THREAD_WINDOW_HOURS } from '@shared/sms';
import type { Logger } from '../../platform/logging/logger';
import { collectTurn, ConversationLimitError, type Receptionist, smsRepliesOf } from '../receptionist/index';
import type { SmsAssistant } from './inbound-sms';

/**
 * The SMS channel over the receptionist: a text joins its (business, caller) thread's conversation while the
 * thread was active within 24 hours, else starts one; the turn's text is the reply. When the owner is over
 * their conversation limit, the texter gets no AI reply.
 */
export const receptionistSmsAssistant = (receptionist: Receptionist, logger: Logger): SmsAssistant => ({
  unavailable: () => receptionist.refusal('sms') !== undefined,
  async reply(turn) {
    try {
      const conversation = await receptionist.conversationForThread({
        ownerId: turn.ownerId,
        channel: 'sms',
        caller: turn.caller,
        assistantNumber: turn.assistantNumber,
        windowHours: SMS_THREAD_WINDOW_HOURS,
      });
      return smsRepliesOf(await collectTurn(receptionist, conversation.id, turn.text, turn.ownerId));
    } catch (error) {
      if (error instanceof ConversationLimitError) {
        logger.warn('SMS not answered: conversation limit', { messageSid: turn.messageSid });
        return [];
      }
      throw error;
    }
  },
});
