export { createSmsMessagingRepository } from './sms-messaging';
export type { SmsMessagingRepository } from './sms-messaging';
