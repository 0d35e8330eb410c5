import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createCallRecordingRepository } from './call-recordings';
export { createCallRecordingRepository, dueDayOf } from './call-recordings';
export type { CallRecordingRepository, StoredRecording } from './call-recordings';

/** Call recordings (docs/decisions/184-call-recordings.md). */
export function recordingsRecords({ doc, tableName }: RecordStore) {
  return { callRecordings: createCallRecordingRepository(doc, tableName) };
}
