import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createBusinessLineRingRepository } from './business-line-rings';
import { createRelayCallRepository } from './relay-calls';
export { createRelayCallRepository } from './relay-calls';
export type { RelayCallRepository } from './relay-calls';
export { createBusinessLineRingRepository } from './business-line-rings';
export type { BusinessLineRingRepository } from './business-line-rings';

/** Relay calls, and the calls whose business line rings first. */
export function voiceRecords({ doc, tableName }: RecordStore) {
  return {
    relayCalls: createRelayCallRepository(doc, tableName),
    businessLineRings: createBusinessLineRingRepository(doc, tableName),
  };
}
