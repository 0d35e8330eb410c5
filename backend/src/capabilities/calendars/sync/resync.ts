import type { AppointmentRepository } from '../../appointments/records/index';
import type { Logger } from '../../../platform/logging/logger';
import { calendarEventFor } from './calendar-event';
import type { OwnerCalendar } from './owner-calendar';

/** Bookings pushed to a calendar when it (re)connects, at most: the next ones matter, not a backlog. */
export const RESYNC_LIMIT = 50;

/**
 * After a calendar connects or reconnects (docs/decisions/142): upcoming bookings it has no event for yet
 * (made with the internal calendar alone, or while the connection was expired) get their event, so the
 * owner's calendar shows every booking. A time the calendar already holds is a conflict the owner must
 * settle: the caller keeps the booking (they were told it is theirs) and it is logged. A scheduler that
 * takes no bookings through its API (Calendly) is left alone.
 */
export async function mirrorUnsyncedBookings(
  deps: {
    appointments: Pick<AppointmentRepository, 'upcoming' | 'setCalendarEvent'>;
    ownerCalendar: OwnerCalendar;
    logger: Logger;
  },
  ownerId: string,
  businessName: string,
): Promise<{ mirrored: number; conflicts: number }> {
  const outcome = { mirrored: 0, conflicts: 0 };
  if (await deps.ownerCalendar.bookingLink(ownerId)) return outcome;
  const unsynced = (await deps.appointments.upcoming(ownerId))
    .filter((appointment) => !appointment.calendar_event_id)
    .slice(0, RESYNC_LIMIT);
  for (const appointment of unsynced) {
    const added = await deps.ownerCalendar.add(ownerId, calendarEventFor(businessName, appointment), {
      mirrorOnly: Boolean(appointment.staff_id),
    });
    if (added.eventId) {
      await deps.appointments.setCalendarEvent(ownerId, appointment.id, added.eventId);
      outcome.mirrored += 1;
    } else if (added.conflict) {
      outcome.conflicts += 1;
      deps.logger.warn('resync_conflict', { ownerId, appointment_id: appointment.id });
    }
  }
  return outcome;
}
