import type { PlatformDeps } from '../../platform/deps';
import type { TelephonyProvider } from '../../providers/telephony/port';
import type { AppointmentRepository } from '../appointments/records/index';
import type { BlockedNumberRepository } from '../caller-gates/records/index';
import type { ConversationStateRepository } from '../receptionist/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { SmsMessagingRepository } from '../sms/records/index';
import type { OutboundTextGate } from '../sms/index';
import type { ReminderRepository } from './records/index';

/**
 * What the reminders capability takes from the wiring (docs/decisions/171-backend-by-capability.md): its
 * records, the appointments it reminds of, the business's name, zone and number, the opt-out list, and the
 * telephony provider whose sendSms is already gated by A2P registration (decision 169).
 */
export type RemindersDeps = Pick<PlatformDeps, 'logger' | 'now'> & {
  data: {
    reminders: ReminderRepository;
    appointments: Pick<AppointmentRepository, 'getMany' | 'upcoming' | 'markReminded'>;
    businessConfigs: Pick<BusinessConfigRepository, 'getConfig'>;
    conversationStates: Pick<ConversationStateRepository, 'get'>;
    smsMessaging: Pick<SmsMessagingRepository, 'optedOutAmong'>;
    /** The owner's block list: a blocked caller is never texted a reminder. */
    blockedNumbers: Pick<BlockedNumberRepository, 'isBlocked'>;
  };
  telephony: Pick<TelephonyProvider, 'sendSms'>;
  /** Whether texting is allowed from the assistant's number to the caller now (A2P, decision 169). */
  textingGate: OutboundTextGate;
};
