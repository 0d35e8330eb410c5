import type { Appointment } from '@shared/schemas/appointment';
import type { IcsEvent } from './ics-serializer';

/**
 * What the Business Calendar feed shows of each booking (docs/decisions/140-business-calendar.md). The feed
 * URL is a bearer secret that calendar apps copy to their own servers, so it carries only what the owner
 * needs to see their day: the time, the service and the caller's first name. Never the caller's phone
 * number, full name, conversation or payment details: those stay behind sign-in in the dashboard.
 */
export const FEED_WINDOW = { pastDays: 30, futureDays: 180 } as const;

export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0]?.slice(0, 40) ?? '';

export function appointmentEvent(appointment: Appointment, uidDomain: string): IcsEvent {
  const who = firstName(appointment.customer_name);
  // The staff member's name says whose column the booking is in (a salon with several stylists).
  const what = `${appointment.service?.trim() || 'Appointment'}${appointment.staff_name ? ` (${appointment.staff_name})` : ''}`;
  const cancelled = appointment.status === 'cancelled';
  return {
    uid: `${appointment.id}@${uidDomain}`,
    start: new Date(appointment.starts_at),
    end: new Date(appointment.ends_at),
    summary: `${cancelled ? 'Cancelled: ' : ''}${what}${who ? ` with ${who}` : ''}`,
    description: `Booked by your assistant${appointment.channel ? ` (${appointment.channel})` : ''}. Caller details are in your dashboard.`,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    sequence: cancelled ? 1 : 0,
    lastModified: new Date(appointment.cancelled_at ?? appointment.created_at),
  };
}
