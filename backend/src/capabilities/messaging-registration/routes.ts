export { a2pStatusWebhookRoutes } from './a2p-status-webhook-routes';
export { messagingRegistrationRoutes } from './messaging-registration-routes';
