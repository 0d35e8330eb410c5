// The TwiML module alone, not the SDK's index (docs/decisions/167-twiml-builders.md).
import MessagingResponse from 'twilio/lib/twiml/MessagingResponse';
import { capSmsBody } from '@shared/sms';
import { xmlCharactersOnly } from './twiml-characters';

/**
 * Messaging TwiML: one <Message> per reply text (each cut to what one SMS can carry); no texts is an empty
 * <Response/>, which Twilio takes as "send nothing".
 */
export function messagingResponse(replies: readonly string[]): string {
  const response = new MessagingResponse();
  for (const text of replies) {
    const body = xmlCharactersOnly(capSmsBody(text));
    if (body.trim().length > 0) response.message(body);
  }
  return response.toString();
}
