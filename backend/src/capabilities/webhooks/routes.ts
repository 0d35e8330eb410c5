export { webhookRoutes } from './webhook-routes';
