import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createBlockedNumberRepository } from './blocked-numbers';
import { createMissedCallTextRepository } from './missed-call-texts';
export { createBlockedNumberRepository } from './blocked-numbers';
export type { BlockedNumberRepository, BlockOutcome } from './blocked-numbers';
export { createMissedCallTextRepository } from './missed-call-texts';
export type { MissedCallTextRepository, StoredMissedCallSettings } from './missed-call-texts';

/** The gates in front of the assistant: the owner's block list and the missed-call text-back. */
export function callerGatesRecords({ doc, tableName, now }: RecordStore) {
  return {
    blockedNumbers: createBlockedNumberRepository(doc, tableName, now),
    missedCallTexts: createMissedCallTextRepository(doc, tableName, now),
  };
}
