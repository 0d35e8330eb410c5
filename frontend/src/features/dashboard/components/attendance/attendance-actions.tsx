import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatAmount } from '@shared/plans';
import { ATTENDANCE_TEXTS } from '@shared/dashboard-appointments';
import type { AppointmentAttendance } from '@shared/schemas/appointment';
import type {
  DashboardAppointment,
  DashboardAppointmentsResponse,
} from '@shared/schemas/dashboard-appointments';
import { appointmentsApi } from '../../api/appointments-api';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import './attendance.css';

/** A paid deposit still held: the one a no-show keeps. */
const heldDeposit = (appointment: DashboardAppointment) =>
  appointment.deposit?.paid && !appointment.deposit.refunded ? appointment.deposit.amount_cents : undefined;

/**
 * The owner's one-click mark of a started appointment (docs/decisions/177-caller-memory.md): attended or
 * no-show, with the deposit rule said beside the no-show button before the click. The answer replaces the
 * appointment in every list that shows it (upcoming, recent, a conversation's), with no second load.
 */
export function AttendanceActions({
  userId,
  appointment,
  who,
  now = new Date(),
  onMarked,
}: {
  userId: string;
  appointment: DashboardAppointment;
  who: string;
  now?: Date;
  onMarked?: (notice: string) => void;
}) {
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: (attendance: AppointmentAttendance) =>
      appointmentsApi.mark(userId, appointment.id, attendance),
    onSuccess: (result, attendance) => {
      queryClient.setQueriesData<DashboardAppointmentsResponse>(
        { queryKey: dashboardQueryKeys.appointments(userId) },
        (data) =>
          data && {
            ...data,
            appointments: data.appointments.map((a) =>
              a.id === result.appointment.id ? result.appointment : a,
            ),
          },
      );
      const deposit = heldDeposit(result.appointment);
      onMarked?.(
        ATTENDANCE_TEXTS.markedNotice(
          who,
          attendance,
          result.deposit_kept,
          deposit === undefined ? undefined : formatAmount(deposit),
        ),
      );
    },
  });

  if (appointment.status !== 'booked') return null;
  if (Date.parse(appointment.starts_at) > now.getTime())
    return <span className="dashboard-muted attendance-later">{ATTENDANCE_TEXTS.notStartedYet}</span>;
  const deposit = heldDeposit(appointment);
  const current = appointment.attendance;
  return (
    <div className="attendance-actions" data-testid="attendance-actions">
      {current ? (
        <span className={`attendance-badge attendance-${current}`} data-testid="attendance-mark">
          {ATTENDANCE_TEXTS.marked[current]}
        </span>
      ) : null}
      <div className="attendance-buttons" role="group" aria-label={`Attendance of ${who}`}>
        {(['attended', 'no_show'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className={`btn ${current === choice ? 'btn-primary' : 'btn-secondary'} attendance-button`}
            aria-pressed={current === choice}
            disabled={mark.isPending}
            onClick={() => mark.mutate(choice)}
          >
            {choice === 'attended' ? ATTENDANCE_TEXTS.markAttended : ATTENDANCE_TEXTS.markNoShow}
          </button>
        ))}
      </div>
      {deposit !== undefined && current !== 'attended' ? (
        <span className="dashboard-muted attendance-deposit-hint">
          {ATTENDANCE_TEXTS.depositKeptHint(formatAmount(deposit))}
        </span>
      ) : null}
      {mark.isError ? (
        <span className="alert alert-error attendance-error" role="alert">
          {ATTENDANCE_TEXTS.markFailed}
        </span>
      ) : null}
    </div>
  );
}
