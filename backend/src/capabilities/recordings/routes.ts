export { recordingRoutes } from './recording-routes';
export { recordingWebhookRoutes } from './recording-webhook-routes';
