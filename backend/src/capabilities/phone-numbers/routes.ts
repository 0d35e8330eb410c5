export { phoneNumberRoutes } from './phone-number-routes';
