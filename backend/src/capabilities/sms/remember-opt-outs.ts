import { RecipientOptedOutError, withSendSms, type TelephonyProvider } from '../../providers/telephony/port';
import type { Logger } from '../../platform/logging/logger';
import type { PhoneReservationRepository } from '../phone-numbers/records/index';
import type { SmsMessagingRepository } from './records/index';

/**
 * Twilio refuses a text to someone who opted out of the number (21610) even when we never saw their STOP
 * (it reached the number while our webhook was failing, or through the messaging service's own opt-out
 * list). Each refusal is recorded as the number's opt-out, as a STOP would be, so the assistant stops
 * trying and the owner's view agrees with the carrier's; the refusal still reaches the sender.
 */
export function rememberOptOuts(
  telephony: TelephonyProvider,
  deps: {
    data: {
      smsMessaging: Pick<SmsMessagingRepository, 'optOut'>;
      phoneReservations: Pick<PhoneReservationRepository, 'get'>;
    };
    logger: Logger;
  },
): TelephonyProvider {
  return withSendSms(telephony, async (message) => {
    try {
      return await telephony.sendSms(message);
    } catch (error) {
      if (error instanceof RecipientOptedOutError) {
        const holder = await deps.data.phoneReservations.get(message.from);
        if (holder) await deps.data.smsMessaging.optOut(message.from, message.to, holder.owner_id);
        deps.logger.info('sms.opted_out_at_carrier', { owner_id: holder?.owner_id });
      }
      throw error;
    }
  });
}
