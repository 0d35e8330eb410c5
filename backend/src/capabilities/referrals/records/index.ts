import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createReferralRepository } from './referrals';
export { createReferralRepository } from './referrals';
export type { ReferralRepository } from './referrals';

/** Referrals. */
export function referralsRecords({ doc, tableName, now }: RecordStore) {
  return {
    referrals: createReferralRepository(doc, tableName, now),
  };
}
