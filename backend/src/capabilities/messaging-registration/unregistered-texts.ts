import { REGISTRATION_MESSAGES } from '@shared/schemas/messaging-registration';
import type { MessagingRegistrationData } from './deps';
import type { Logger } from '../../platform/logging/logger';
import type { SmsAssistant } from '../sms/index';
import type { TextingGate } from './texting-gate';

/**
 * Texts to an owner whose campaign is not approved (docs/decisions/169): carriers would block the assistant's
 * reply, so the assistant does not run (no answer nobody reads, no booking the texter never hears of); the
 * text is kept as a message for the owner, who can call back. Texts it may answer go to the assistant.
 */
export function gatedSmsAssistant(
  assistant: SmsAssistant,
  deps: { gate: TextingGate; data: Pick<MessagingRegistrationData, 'ownerMessages'>; logger: Logger },
): SmsAssistant {
  return {
    unavailable: () => assistant.unavailable(),
    async reply(turn) {
      if (await deps.gate.allows(turn.assistantNumber, turn.caller)) return assistant.reply(turn);
      await deps.data.ownerMessages.save(turn.ownerId, {
        conversation_id: `sms-${turn.messageSid}`,
        name: 'Texter',
        callback_number: turn.caller,
        reason: REGISTRATION_MESSAGES.unansweredText(turn.text),
        channel: 'sms',
      });
      deps.logger.info('SMS kept for the owner: texting not registered', { messageSid: turn.messageSid });
      return [];
    },
  };
}
