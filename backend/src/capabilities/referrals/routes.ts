export { referralRoutes } from './referral-routes';
