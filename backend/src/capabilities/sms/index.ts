export { createSmsMessagingRepository } from './sms-messaging';
export type { SmsMessagingRepository } from './sms-messaging';
export type { SmsAssistant } from './inbound-sms';
