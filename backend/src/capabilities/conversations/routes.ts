export { callLogRoutes } from './call-log-routes';
export { privacyRoutes } from './privacy-routes';
