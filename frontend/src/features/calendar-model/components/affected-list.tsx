import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';
import type { AffectedAppointment } from '@shared/schemas/calendar-model-api';
import type { useCalendarWrite } from '../hooks/calendar-queries';
import { refusalText } from '../hooks/calendar-queries';

const T = CALENDAR_UI_TEXTS.affected;

const when = (iso: string, timeZone: string | undefined) =>
  new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });

/**
 * A write refused because it would strand bookings (docs/decisions/183): the bookings, and the owner's two
 * ways on: cancel them (each caller is texted) and save, or keep editing. Also the outcome of the last
 * write (saved, cancelled, or the API's reason).
 */
export function WriteOutcome({
  write,
  timeZone,
}: {
  write: ReturnType<typeof useCalendarWrite>;
  timeZone?: string | undefined;
}) {
  const failure = refusalText(write.error);
  return (
    <>
      {failure ? (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      ) : null}
      {write.cancelledCount ? (
        <p className="alert alert-success" role="status">
          {T.cancelled(write.cancelledCount.count, write.cancelledCount.notified)}
        </p>
      ) : null}
      {write.blocked ? (
        <div className="calendar-affected" role="alert" data-testid="affected-appointments">
          <h4>{T.title}</h4>
          <ul>
            {write.blocked.affected.map((appointment: AffectedAppointment) => (
              <li key={appointment.id}>
                <strong>{when(appointment.starts_at, timeZone)}</strong>
                {' · '}
                {appointment.customer_name ?? 'A caller'}
                {appointment.service ? ` · ${appointment.service}` : ''}
                {appointment.staff_name ? ` ${T.withStaff(appointment.staff_name)}` : ''}
              </li>
            ))}
          </ul>
          <div className="calendar-actions">
            <button type="button" className="btn btn-secondary" onClick={write.keepEditing}>
              {T.keepEditing}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={write.pending}
              onClick={() => void write.cancelAndRetry()?.catch(() => {})}
            >
              {T.cancelAll}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
