import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatAmount } from '@shared/plans';
import type { DashboardAppointment } from '@shared/schemas/dashboard-appointments';
import { APPOINTMENTS_TEXTS, OWNER_BOOKING_TEXTS, refundNotice } from '@shared/dashboard-appointments';
import { Modal } from '../../../../components/ui/modal';
import { appointmentsApi } from '../../api/appointments-api';
import { dayLabel, groupByBusinessDay, timeLabel, zoneLabel } from '../../appointment-times';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { RecentAppointments } from './recent-appointments';
import { OwnerBookingDialog } from './owner-booking-dialog';
import { AppointmentRow, AppointmentsLoadFailed, appointmentWho } from './appointment-row';
import './appointments-tab.css';

/** Issue 9 §8: upcoming appointments in the business's time zone, each with Cancel (which texts the caller). */
export function AppointmentsTab({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = dashboardQueryKeys.appointments(userId);
  const upcoming = useQuery({ queryKey: key, queryFn: () => appointmentsApi.upcoming(userId) });
  const [confirming, setConfirming] = useState<DashboardAppointment | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  /** The new-appointment or move dialog: 'new', the appointment being moved, or closed. */
  const [booking, setBooking] = useState<'new' | DashboardAppointment | undefined>();

  const cancel = useMutation({
    mutationFn: (appointment: DashboardAppointment) => appointmentsApi.cancel(userId, appointment.id),
    onSuccess: (result, appointment) => {
      setConfirming(undefined);
      setNotice(
        APPOINTMENTS_TEXTS.cancelled(appointmentWho(appointment), result.caller_notified) +
          refundNotice(result.deposit_refund),
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => {
      setConfirming(undefined);
      setError(APPOINTMENTS_TEXTS.cancelFailed);
    },
  });

  const timeZone = upcoming.data?.time_zone ?? 'UTC';
  const groups = groupByBusinessDay(
    (upcoming.data?.appointments ?? []).filter((a) => a.status === 'booked'),
    timeZone,
  );
  const firstStart = groups[0]?.appointments[0]?.starts_at;

  return (
    <>
      <section className="card dashboard-panel appointments" aria-labelledby="appointments-title">
        <div className="appointments-header">
          <h2 id="appointments-title">{APPOINTMENTS_TEXTS.title}</h2>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(undefined);
              setError(undefined);
              setBooking('new');
            }}
          >
            {OWNER_BOOKING_TEXTS.newAppointment}
          </button>
        </div>
        <p className="dashboard-muted">
          {APPOINTMENTS_TEXTS.intro}
          {firstStart ? ` Times are ${zoneLabel(firstStart, timeZone)} (${timeZone}).` : ''}
        </p>
        {notice ? (
          <p className="alert alert-success" role="status">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        {upcoming.isPending ? <p className="dashboard-muted">Loading appointments…</p> : null}
        {upcoming.isError ? <AppointmentsLoadFailed retry={() => void upcoming.refetch()} /> : null}
        {upcoming.isSuccess && groups.length === 0 ? (
          <p className="appointments-empty" data-testid="appointments-empty">
            {APPOINTMENTS_TEXTS.empty}
          </p>
        ) : null}
        {groups.map((group) => (
          <div key={group.day} className="appointments-day">
            <h3>{group.day}</h3>
            <ul>
              {group.appointments.map((appointment) => (
                <AppointmentRow
                  key={appointment.id}
                  appointment={appointment}
                  testId="appointment-row"
                  time={
                    <>
                      {timeLabel(appointment.starts_at, timeZone)}
                      <span className="dashboard-muted"> – {timeLabel(appointment.ends_at, timeZone)}</span>
                    </>
                  }
                  badges={
                    <>
                      {appointment.confirmed_at ? (
                        <span className="appointment-deposit appointment-deposit-paid appointment-confirmed">
                          {APPOINTMENTS_TEXTS.confirmed}
                        </span>
                      ) : null}
                      {appointment.deposit ? (
                        <span
                          className={`appointment-deposit ${appointment.deposit.paid ? 'appointment-deposit-paid' : ''}`}
                        >
                          Deposit {formatAmount(appointment.deposit.amount_cents)}{' '}
                          {appointment.deposit.paid ? 'paid' : 'pending'}
                        </span>
                      ) : null}
                    </>
                  }
                  action={
                    <div className="appointment-actions">
                      <button
                        type="button"
                        className="btn btn-secondary appointment-move"
                        onClick={() => {
                          setNotice(undefined);
                          setError(undefined);
                          setBooking(appointment);
                        }}
                      >
                        {OWNER_BOOKING_TEXTS.move}
                        <span className="sr-only">
                          {' '}
                          {appointmentWho(appointment)} at {timeLabel(appointment.starts_at, timeZone)}
                        </span>
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary appointment-cancel"
                        onClick={() => {
                          setNotice(undefined);
                          setError(undefined);
                          setConfirming(appointment);
                        }}
                      >
                        {APPOINTMENTS_TEXTS.cancel}
                        <span className="sr-only">
                          {' '}
                          {appointmentWho(appointment)} at {timeLabel(appointment.starts_at, timeZone)}
                        </span>
                      </button>
                    </div>
                  }
                />
              ))}
            </ul>
          </div>
        ))}
        {booking ? (
          <OwnerBookingDialog
            userId={userId}
            timeZone={timeZone}
            {...(booking === 'new' ? {} : { moving: booking })}
            onClose={() => setBooking(undefined)}
            onDone={(result) => {
              const who = appointmentWho(result.appointment);
              setNotice(
                booking === 'new'
                  ? OWNER_BOOKING_TEXTS.booked(who, result.caller_notified)
                  : OWNER_BOOKING_TEXTS.moved(who, result.caller_notified),
              );
              setBooking(undefined);
              void queryClient.invalidateQueries({ queryKey: key });
            }}
          />
        ) : null}
        {confirming ? (
          <Modal
            title="Cancel appointment?"
            onClose={() => (cancel.isPending ? undefined : setConfirming(undefined))}
            actions={
              <>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={cancel.isPending}
                  onClick={() => setConfirming(undefined)}
                >
                  Keep it
                </button>
                <button
                  type="button"
                  className="btn btn-primary appointment-confirm-cancel"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(confirming)}
                >
                  {cancel.isPending ? 'Cancelling…' : 'Cancel appointment'}
                </button>
              </>
            }
          >
            <p>
              {APPOINTMENTS_TEXTS.confirmCancel(
                appointmentWho(confirming),
                `${dayLabel(confirming.starts_at, timeZone)} at ${timeLabel(confirming.starts_at, timeZone)}`,
              )}
            </p>
          </Modal>
        ) : null}
      </section>
      <RecentAppointments userId={userId} />
    </>
  );
}
