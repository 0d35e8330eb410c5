export { voiceWebhookRoutes } from './voice-webhook-routes';
export { VOICE_PATHS } from './webhook-forms';
