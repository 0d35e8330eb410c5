import { OVERVIEW_TEXTS } from '@shared/overview';
import type { OverviewResponse } from '@shared/schemas/overview';
import { dayLabel, timeLabel } from '../../appointment-times';

/** The next few booked appointments, with a way to the Appointments tab for all of them. */
export function UpcomingPanel({
  overview,
  onOpenAll,
}: {
  overview: OverviewResponse;
  onOpenAll: () => void;
}) {
  const upcoming = overview.upcoming_appointments;
  return (
    <section className="card dashboard-panel" aria-labelledby="overview-upcoming-title">
      <h2 id="overview-upcoming-title">{OVERVIEW_TEXTS.upcomingTitle}</h2>
      {upcoming.length === 0 ? (
        <p className="dashboard-muted">{OVERVIEW_TEXTS.upcomingEmpty}</p>
      ) : (
        <ul className="overview-upcoming" data-testid="overview-upcoming">
          {upcoming.map((appointment) => (
            <li key={appointment.id}>
              <strong>
                {dayLabel(appointment.starts_at, overview.time_zone)},{' '}
                {timeLabel(appointment.starts_at, overview.time_zone)}
              </strong>
              <span className="dashboard-muted">
                {[appointment.customer_name, appointment.service].filter(Boolean).join(' · ') || 'Booked'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn-link" onClick={onOpenAll}>
        {OVERVIEW_TEXTS.upcomingLink} →
      </button>
    </section>
  );
}
