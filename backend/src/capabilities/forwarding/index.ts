export { assertBusinessNumberAllowed, assertNotBusinessLine } from './business-number-check';
export type { AssistantNumberLookup } from './business-number-check';
export { noteForwardedCall } from './note-forwarded-call';
