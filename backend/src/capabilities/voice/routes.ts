export { voiceWebhookRoutes } from './voice-webhook-routes';
