export { analyticsRoutes } from './analytics-routes';
export { overviewRoutes } from './overview-routes';
