import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createRelayCallRepository } from './relay-calls';
export { createRelayCallRepository } from './relay-calls';
export type { RelayCallRepository } from './relay-calls';

/** Relay calls. */
export function voiceRecords({ doc, tableName }: RecordStore) {
  return {
    relayCalls: createRelayCallRepository(doc, tableName),
  };
}
