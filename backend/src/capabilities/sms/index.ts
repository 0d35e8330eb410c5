export type { SmsAssistant } from './inbound-sms';
export type { OutboundTextGate } from './deps';
