import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createPayoutRepository } from './payouts';
export { createPayoutRepository, payoutStateOfItem } from './payouts';
export type { PayoutRepository, Payouts } from './payouts';

/** Owners' connected payout accounts. */
export function payoutsRecords({ doc, tableName, now }: RecordStore) {
  return {
    payouts: createPayoutRepository(doc, tableName, now),
  };
}
