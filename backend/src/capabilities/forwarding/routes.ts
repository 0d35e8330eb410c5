export { forwardingRoutes } from './forwarding-routes';
