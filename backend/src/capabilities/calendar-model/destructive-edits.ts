import { affectedAppointments, type CalendarModelChange } from '@shared/calendar-model-changes';
import { CALENDAR_API_TEXTS } from '@shared/calendar-model-texts';
import type { AffectedAppointment } from '@shared/schemas/calendar-model-api';
import type { CalendarModelDeps, OwnerCancel } from './deps';

/**
 * How far ahead a destructive edit looks for bookings: past the assistant's booking horizon and a closure
 * entered months ahead (a season's closing), within the one query the appointments store answers.
 */
const LOOK_AHEAD_DAYS = 400;

export type StrandedRefusal = {
  error: 'appointments_affected';
  message: string;
  affected: AffectedAppointment[];
};
export type CancelledAppointment = { id: string; caller_notified: boolean };

/**
 * Before a change that could strand bookings is saved (docs/decisions/183, "Editing the model"): the
 * appointments it strands refuse it (a 409 listing them), unless the owner asked to cancel them, in which
 * case each is cancelled through the owner's cancel (the caller is texted) and the change may be saved.
 */
export async function clearStrandedAppointments(
  deps: Pick<CalendarModelDeps, 'data'>,
  owner: OwnerCancel,
  ownerId: string,
  change: CalendarModelChange | undefined,
  query: { cancel_affected?: 'true' | 'false' | undefined },
): Promise<{ refused: StrandedRefusal } | { cancelled: CancelledAppointment[] | undefined }> {
  if (!change) return { cancelled: undefined };
  const [upcoming, timeZone] = await Promise.all([
    deps.data.appointments.upcoming(ownerId, LOOK_AHEAD_DAYS),
    owner.timeZone(ownerId),
  ]);
  const affected = affectedAppointments(change, upcoming, { timeZone });
  if (affected.length === 0) return { cancelled: undefined };
  if (query.cancel_affected !== 'true') {
    return {
      refused: {
        error: 'appointments_affected',
        message: CALENDAR_API_TEXTS.affected(affected.length),
        affected,
      },
    };
  }
  const cancelled: CancelledAppointment[] = [];
  // One at a time: each cancel texts a caller, and a failure part-way leaves the rest booked, not half-done.
  for (const appointment of affected) {
    const result = await owner.cancel(ownerId, appointment.id);
    cancelled.push({ id: appointment.id, caller_notified: result?.callerNotified ?? false });
  }
  return { cancelled };
}
