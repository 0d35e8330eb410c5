export { createCallerErasure } from './caller-erasure';
export type { CallerErasure } from './caller-erasure';
export { createConversationRepository } from './conversations';
export type { ConversationRepository } from './conversations';
export { createOwnerMessageRepository } from './owner-messages';
export type { OwnerMessageRepository } from './owner-messages';
