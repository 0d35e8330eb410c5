import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createSmsMessagingRepository } from './sms-messaging';
export { createSmsMessagingRepository } from './sms-messaging';
export type { SmsMessagingRepository } from './sms-messaging';

/** What the SMS channel remembers: handled messages, opt-outs, lapsed-owner notices. */
export function smsRecords({ doc, tableName, now }: RecordStore) {
  return {
    smsMessaging: createSmsMessagingRepository(doc, tableName, now),
  };
}
