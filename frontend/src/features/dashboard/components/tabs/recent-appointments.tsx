import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DashboardAppointment } from '@shared/schemas/dashboard-appointments';
import { APPOINTMENTS_TEXTS, ATTENDANCE_TEXTS } from '@shared/dashboard-appointments';
import { appointmentsApi } from '../../api/appointments-api';
import { formatAssistantPhone } from '../../assistant-phone';
import { dayLabel, timeLabel } from '../../appointment-times';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { AttendanceActions } from '../attendance/attendance-actions';

const who = (appointment: DashboardAppointment) =>
  appointment.customer_name?.trim() || APPOINTMENTS_TEXTS.unknownCaller;

/** Appointments that already started, latest first, each marked attended or no-show with one click. */
export function RecentAppointments({ userId }: { userId: string }) {
  const past = useQuery({
    queryKey: dashboardQueryKeys.pastAppointments(userId),
    queryFn: () => appointmentsApi.past(userId),
  });
  const [notice, setNotice] = useState<string | undefined>();
  const timeZone = past.data?.time_zone ?? 'UTC';
  const appointments = past.data?.appointments ?? [];

  return (
    <section className="card dashboard-panel appointments" aria-labelledby="recent-appointments-title">
      <h2 id="recent-appointments-title">{ATTENDANCE_TEXTS.recentTitle}</h2>
      <p className="dashboard-muted">{ATTENDANCE_TEXTS.recentIntro}</p>
      {notice ? (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      ) : null}
      {past.isError ? (
        <div className="alert alert-error" role="alert">
          {APPOINTMENTS_TEXTS.loadFailed}{' '}
          <button type="button" className="btn btn-link" onClick={() => void past.refetch()}>
            Try Again
          </button>
        </div>
      ) : null}
      {past.isSuccess && appointments.length === 0 ? (
        <p className="appointments-empty">{ATTENDANCE_TEXTS.recentEmpty}</p>
      ) : null}
      {appointments.length > 0 ? (
        <div className="appointments-day">
          <ul>
            {appointments.map((appointment) => (
              <li key={appointment.id} className="appointment-row" data-testid="recent-appointment-row">
                <div className="appointment-time">
                  {dayLabel(appointment.starts_at, timeZone)}
                  <span className="dashboard-muted"> · {timeLabel(appointment.starts_at, timeZone)}</span>
                </div>
                <div className="appointment-details">
                  <strong>{appointment.service ?? 'Appointment'}</strong>
                  <span>
                    {who(appointment)}
                    {appointment.customer_phone
                      ? ` · ${formatAssistantPhone(appointment.customer_phone)}`
                      : ''}
                  </span>
                </div>
                <AttendanceActions
                  userId={userId}
                  appointment={appointment}
                  who={who(appointment)}
                  onMarked={setNotice}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
