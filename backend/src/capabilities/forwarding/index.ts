export { assertBusinessNumberAllowed, assertNotBusinessLine } from './business-number-check';
export type { AssistantNumberLookup } from './business-number-check';
export { createForwardingRepository } from './forwarding-records';
export type { ForwardingRepository } from './forwarding-records';
export { noteForwardedCall } from './note-forwarded-call';
