export { assistantCheckRoutes } from './assistant-check-routes';
