import { staffForService } from '@shared/receptionist/availability';
import { matchService, matchStaff } from '@shared/receptionist/booking-choices';
import type { Appointment } from '@shared/schemas/appointment';
import { IMPLICIT_STAFF_ID } from '@shared/calendar-model';
import type { Service } from '@shared/schemas/calendar-model';
import type { ToolContext, ToolResult } from './tool-types';

/**
 * What a booking is for: the service and staff member the caller's words name (find_open_slots and
 * book_appointment), or the ones an appointment being moved was booked with.
 */

/** The caller's appointment: the id given, else their next upcoming one (found by their number). */
export async function callersAppointment(
  context: ToolContext,
  id: string | undefined,
): Promise<Appointment | undefined> {
  const { business, state, services } = context;
  if (id) {
    const found = await services.appointments.get(business.ownerId, id);
    return found &&
      found.status === 'booked' &&
      (found.customer_phone === state.caller || state.memory.booked?.includes(id))
      ? found
      : undefined;
  }
  const upcoming = await services.appointments.upcoming(business.ownerId);
  return upcoming.find((a) => a.customer_phone === state.caller);
}

/** What an appointment was booked as: its service (if still offered) and its staff member. */
export function choiceOfAppointment(
  business: ToolContext['business'],
  appointment: Appointment,
): BookingChoice {
  const service = business.calendar.services.find((s) => s.id === appointment.service_id);
  return {
    service,
    staffId: appointment.staff_id,
    ...(appointment.staff_name ? { staffName: appointment.staff_name } : {}),
  };
}

/**
 * Who a moved appointment is with, as the fields the move writes: nothing new when its own staff member is
 * free at the new time; undefined when they are not. An appointment booked before the business named its
 * staff (the implicit staff member, who no longer exists once staff do) goes to the first free one who does
 * it, and the move assigns it to them, so such bookings can still be moved.
 */
export function staffOfMove(
  business: ToolContext['business'],
  appointment: Appointment,
  freeStaffIds: readonly string[],
): { staff_id?: string; staff_name?: string } | undefined {
  const own = appointment.staff_id ?? IMPLICIT_STAFF_ID;
  const { staff } = business.calendar;
  const stillThere = staff.length === 0 ? own === IMPLICIT_STAFF_ID : staff.some((m) => m.id === own);
  if (stillThere) return freeStaffIds.includes(own) ? {} : undefined;
  const assigned = staff.find((m) => m.id === freeStaffIds[0]);
  return assigned && { staff_id: assigned.id, staff_name: assigned.name };
}

/** How long an appointment lasts: it keeps its length when it moves (a service edited since or not). */
export const appointmentMinutes = (appointment: Appointment) =>
  Math.round((Date.parse(appointment.ends_at) - Date.parse(appointment.starts_at)) / 60_000);

/** What the caller asked to book: a service of the business's (if it has any) and maybe a staff member. */
export type BookingChoice = { service: Service | undefined; staffId: string | undefined; staffName?: string };

/**
 * The service and staff member the caller's words name, or why they can't be booked yet: a business with
 * services needs one named before times are looked for, and an unknown name gets the staff who do it.
 */
export function bookingChoiceOf(
  business: ToolContext['business'],
  words: { service?: string | undefined; staff?: string | undefined },
): { ok: true; choice: BookingChoice } | { ok: false; result: ToolResult } {
  const { services, staff } = business.calendar;
  const service = matchService(services, words.service);
  if (services.length > 0 && !service) {
    return {
      ok: false,
      result: {
        ok: false,
        summary: 'Asked which service the caller wants',
        data: { reason: 'which_service', services: services.map((s) => s.name) },
      },
    };
  }
  if (staff.length === 0) return { ok: true, choice: { service, staffId: undefined } };
  const doers = staffForService(business.calendar, service?.id);
  const asked = matchStaff(staff, words.staff);
  if (asked === 'anyone') return { ok: true, choice: { service, staffId: undefined } };
  if (asked === 'unknown' || !doers.some((member) => member.id === asked.id)) {
    return {
      ok: false,
      result: {
        ok: false,
        summary: `Asked for ${words.staff ?? 'someone'}, who ${asked === 'unknown' ? 'is not on the staff' : 'does not do it'}`,
        data: {
          reason: asked === 'unknown' ? 'unknown_staff' : 'staff_not_for_service',
          ...(asked === 'unknown' ? {} : { asked: asked.name }),
          staff: doers.map((member) => member.name),
          ...(service ? { service: service.name } : {}),
        },
      },
    };
  }
  return { ok: true, choice: { service, staffId: asked.id, staffName: asked.name } };
}
