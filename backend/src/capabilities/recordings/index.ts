export { claimsRecording } from './start-recording';
export {
  deleteOwnerRecordings,
  eraseCallerRecordings,
  expireDueRecordings,
  restampRecordings,
} from './delete-recordings';
export type { RecordingDeletionDeps, RecordingsDeps } from './deps';
// The call's own webhook, apart from routes.ts (whose owner routes load the token check): served at cold start.
export { recordingWebhookRoutes } from './recording-webhook-routes';
