export { apiKeyRoutes } from './api-key-routes';
export { hookRoutes } from './hook-routes';
