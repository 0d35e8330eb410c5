import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DashboardAppointment } from '@shared/schemas/dashboard-appointments';
import { APPOINTMENTS_TEXTS, ATTENDANCE_TEXTS, OWNER_BOOKING_TEXTS } from '@shared/dashboard-appointments';
import { appointmentsApi } from '../../api/appointments-api';
import { dayLabel, timeLabel } from '../../appointment-times';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { AttendanceActions } from '../attendance/attendance-actions';

const who = (appointment: DashboardAppointment) =>
  appointment.customer_name?.trim() || APPOINTMENTS_TEXTS.unknownCaller;

/** The appointments a conversation booked, in the call detail: each marked attended or no-show in one click. */
export function ConversationAppointments({
  userId,
  conversationId,
  startedAt,
}: {
  userId: string;
  conversationId: string;
  startedAt: string;
}) {
  const booked = useQuery({
    queryKey: dashboardQueryKeys.conversationAppointments(userId, conversationId),
    queryFn: () => appointmentsApi.ofConversation(userId, conversationId, startedAt),
  });
  const [notice, setNotice] = useState<string | undefined>();
  const appointments = (booked.data?.appointments ?? []).filter((a) => a.status === 'booked');
  if (appointments.length === 0) return null;
  const timeZone = booked.data?.time_zone ?? 'UTC';
  return (
    <div className="conversation-appointments" data-testid="conversation-appointments">
      <h3>{ATTENDANCE_TEXTS.conversationTitle}</h3>
      {notice ? (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      ) : null}
      <ul className="conversation-actions">
        {appointments.map((appointment) => (
          <li key={appointment.id} className="conversation-appointment">
            <span>
              {appointment.service ?? 'Appointment'}
              {appointment.staff_name
                ? ` ${OWNER_BOOKING_TEXTS.withStaff(appointment.staff_name)}`
                : ''} · {who(appointment)} · {dayLabel(appointment.starts_at, timeZone)}{' '}
              {timeLabel(appointment.starts_at, timeZone)}
            </span>
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
  );
}
