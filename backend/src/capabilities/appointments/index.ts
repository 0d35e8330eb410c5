export { createAppointmentRepository } from './appointments';
export type { AppointmentRepository } from './appointments';
export { appointmentView } from './appointments-book';
