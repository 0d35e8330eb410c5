export type { SmsAssistant } from './inbound-sms';
export type { OutboundTextGate } from './deps';
export { rememberOptOuts } from './remember-opt-outs';
