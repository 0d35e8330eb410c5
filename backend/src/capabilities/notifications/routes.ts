export { notificationRoutes } from './notification-routes';
export { unsubscribePages } from './unsubscribe-pages';
