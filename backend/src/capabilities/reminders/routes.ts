export { reminderRoutes } from './reminder-routes';
