import type { ReactNode } from 'react';
import type { DashboardAppointment } from '@shared/schemas/dashboard-appointments';
import { APPOINTMENTS_TEXTS, OWNER_BOOKING_TEXTS } from '@shared/dashboard-appointments';
import { formatAssistantPhone } from '../../assistant-phone';

/** The caller's name as the dashboard says it, or that it is unknown. */
export const appointmentWho = (appointment: DashboardAppointment) =>
  appointment.customer_name?.trim() || APPOINTMENTS_TEXTS.unknownCaller;

/**
 * One appointment in a list (upcoming on the Appointments tab, recent ones to mark): its time, the service,
 * who booked it and their number, any badges, and the row's action at the end.
 */
export function AppointmentRow({
  appointment,
  time,
  testId,
  badges,
  action,
}: {
  appointment: DashboardAppointment;
  time: ReactNode;
  testId: string;
  badges?: ReactNode;
  action: ReactNode;
}) {
  return (
    <li className="appointment-row" data-testid={testId}>
      <div className="appointment-time">{time}</div>
      <div className="appointment-details">
        <strong>
          {appointment.service ?? 'Appointment'}
          {appointment.staff_name ? ` ${OWNER_BOOKING_TEXTS.withStaff(appointment.staff_name)}` : ''}
        </strong>
        <span>
          {appointmentWho(appointment)}
          {appointment.customer_phone ? ` · ${formatAssistantPhone(appointment.customer_phone)}` : ''}
        </span>
        {badges}
      </div>
      {action}
    </li>
  );
}

/** The list could not be loaded: say so, with a way to try again. */
export function AppointmentsLoadFailed({ retry }: { retry: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      {APPOINTMENTS_TEXTS.loadFailed}{' '}
      <button type="button" className="btn btn-link" onClick={retry}>
        Try Again
      </button>
    </div>
  );
}
