import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ATTENDANCE_TEXTS } from '@shared/dashboard-appointments';
import { appointmentsApi } from '../../api/appointments-api';
import { dayLabel, timeLabel } from '../../appointment-times';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { AttendanceActions } from '../attendance/attendance-actions';
import { AppointmentRow, AppointmentsLoadFailed, appointmentWho } from './appointment-row';

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
      {past.isError ? <AppointmentsLoadFailed retry={() => void past.refetch()} /> : null}
      {past.isSuccess && appointments.length === 0 ? (
        <p className="appointments-empty">{ATTENDANCE_TEXTS.recentEmpty}</p>
      ) : null}
      {appointments.length > 0 ? (
        <div className="appointments-day">
          <ul>
            {appointments.map((appointment) => (
              <AppointmentRow
                key={appointment.id}
                appointment={appointment}
                testId="recent-appointment-row"
                time={
                  <>
                    {dayLabel(appointment.starts_at, timeZone)}
                    <span className="dashboard-muted"> · {timeLabel(appointment.starts_at, timeZone)}</span>
                  </>
                }
                action={
                  <AttendanceActions
                    userId={userId}
                    appointment={appointment}
                    who={appointmentWho(appointment)}
                    onMarked={setNotice}
                  />
                }
              />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
