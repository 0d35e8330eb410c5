import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createAccountDeletionRepository } from './account-deletions';
import { createOwnerDataErasure } from './owner-data-erasure';
export { createAccountDeletionRepository } from './account-deletions';
export type { AccountDeletionRepository } from './account-deletions';
export { createOwnerDataErasure } from './owner-data-erasure';
export type { OwnerDataErasure } from './owner-data-erasure';

/** Account deletions and the erasure of an owner's data. */
export function accountRecords({ doc, tableName, now }: RecordStore) {
  return {
    accountDeletions: createAccountDeletionRepository(doc, tableName, now),
    ownerDataErasure: createOwnerDataErasure(doc, tableName),
  };
}
