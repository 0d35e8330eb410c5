export { callerGatesRoutes } from './caller-gates-routes';
