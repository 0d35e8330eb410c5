import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createForwardingRepository } from './forwarding-records';
export { createForwardingRepository } from './forwarding-records';
export type { ForwardingRepository } from './forwarding-records';

/** Whether the owner's business line forwards to the assistant: their choice and what calls proved. */
export function forwardingRecords({ doc, tableName }: RecordStore) {
  return {
    forwarding: createForwardingRepository(doc, tableName),
  };
}
