import { createAppointmentRepository } from '../../backend/src/capabilities/appointments/records/index';
import type { NewAppointment } from '../../backend/src/capabilities/appointments/records/appointments';
import { freshAppTable } from './fresh-table';

/** The appointment repository alone on a fresh table of the run's DynamoDB Local (no app, no identity). */
export async function appointmentsTable() {
  const { doc, tableName } = await freshAppTable();
  return { doc, tableName, appointments: createAppointmentRepository(doc, tableName) };
}

/** A caller's booking of `minutes` from `start`, as the booking tool stores it, plus staff/service fields. */
export const appointmentInput = (
  start: Date | number,
  minutes: number,
  extra: Partial<NewAppointment> = {},
): NewAppointment => {
  const from = new Date(start);
  return {
    starts_at: from.toISOString(),
    ends_at: new Date(from.getTime() + minutes * 60_000).toISOString(),
    customer_name: 'Caller',
    customer_phone: '+14155550100',
    service: null,
    conversation_id: null,
    channel: 'sms',
    deposit: null,
    ...extra,
  };
};
