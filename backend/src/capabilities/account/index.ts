export { createAccountDeletionRepository } from './account-deletions';
export type { AccountDeletionRepository } from './account-deletions';
export { createOwnerDataErasure } from './owner-data-erasure';
export type { OwnerDataErasure } from './owner-data-erasure';
