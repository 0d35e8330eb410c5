export { STRIPE_CONNECT_WEBHOOK_PATH, connectWebhookRoutes } from './connect-webhook-routes';
export { depositPages } from './deposit-pages';
export { getPaidRoutes } from './get-paid-routes';
