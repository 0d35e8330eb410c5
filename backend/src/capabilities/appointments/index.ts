export { appointmentView } from './appointments-book';
