import type { Appointment } from '@shared/schemas/appointment';

/** The calendar event's title and notes: what the owner sees in their own calendar. */
export const calendarEventFor = (business: string, appointment: Appointment) => ({
  start: new Date(appointment.starts_at),
  end: new Date(appointment.ends_at),
  summary: `${appointment.service ? `${appointment.service}: ` : ''}${appointment.customer_name}`,
  description: `Booked by ${business}'s assistant (${appointment.channel ?? 'phone'}). Caller: ${appointment.customer_phone}.`,
  customer: { name: appointment.customer_name, phone: appointment.customer_phone },
  reference: appointment.id,
});
