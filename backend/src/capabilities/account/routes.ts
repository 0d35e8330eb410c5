export { accountRoutes } from './account-routes';
export { signOutRoutes } from './sign-out-routes';
