export { receptionistSmsAssistant } from './receptionist-sms-assistant';
export { smsWebhookRoutes } from './sms-webhook-routes';
