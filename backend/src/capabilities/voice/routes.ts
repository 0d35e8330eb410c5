export { voiceWebhookRoutes } from './voice-webhook-routes';
// The incoming call's answer without Hono, for the telephony function's first ring (incoming-call-direct.ts).
export { voiceAnswers } from './call-answer';
export { VOICE_PATHS } from './webhook-forms';
