export { frontendLogRoutes } from './frontend-logs-routes';
