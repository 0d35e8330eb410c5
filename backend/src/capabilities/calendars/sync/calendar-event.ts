import type { Appointment } from '@shared/schemas/appointment';

/** The calendar event's title and notes: what the owner sees in their own calendar. */
export const calendarEventFor = (business: string, appointment: Appointment) => ({
  start: new Date(appointment.starts_at),
  end: new Date(appointment.ends_at),
  summary: `${appointment.service ? `${appointment.service}: ` : ''}${appointment.customer_name}${appointment.staff_name ? ` with ${appointment.staff_name}` : ''}`,
  // The end is the service's real length (ends_at); the buffer after it stays free in the app, not here.
  description: `Booked by ${business}'s assistant (${appointment.channel ?? 'phone'}). Caller: ${appointment.customer_phone}.${appointment.service ? ` Service: ${appointment.service}.` : ''}${appointment.staff_name ? ` With: ${appointment.staff_name}.` : ''}`,
  customer: { name: appointment.customer_name, phone: appointment.customer_phone },
  reference: appointment.id,
});
