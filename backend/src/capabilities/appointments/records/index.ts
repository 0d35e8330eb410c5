import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createAppointmentRepository } from './appointments';
export { createAppointmentRepository } from './appointments';
export type { AppointmentRepository, BookOptions, BookResult, NewAppointment, NewSlot } from './appointments';

/** Bookings. */
export function appointmentsRecords({ doc, tableName, now }: RecordStore) {
  return {
    appointments: createAppointmentRepository(doc, tableName, now),
  };
}
