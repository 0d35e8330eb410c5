export { claimsRecording } from './start-recording';
export {
  deleteOwnerRecordings,
  eraseCallerRecordings,
  expireDueRecordings,
  restampRecordings,
} from './delete-recordings';
export type { RecordingDeletionDeps, RecordingsDeps } from './deps';
