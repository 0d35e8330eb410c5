export { appointmentRoutes } from './appointment-routes';
export { appointmentsBook } from './appointments-book';
