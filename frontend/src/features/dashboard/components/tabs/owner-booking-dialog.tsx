import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { OWNER_BOOKING_TEXTS } from '@shared/dashboard-appointments';
import { isoDateOf, zonedParts } from '@shared/receptionist/business-time';
import type { DashboardAppointment, OwnerBookingResponse } from '@shared/schemas/dashboard-appointments';
import { Modal } from '../../../../components/ui/modal';
import { ApiClientError } from '../../../../lib/api-client';
import { calendarModelApi } from '../../../calendar-model';
import { appointmentsApi } from '../../api/appointments-api';
import { timeLabel } from '../../appointment-times';

/** The day after today on the browser's calendar, as the date input's value. */
const tomorrow = () => {
  const day = new Date(Date.now() + 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

/** The API's refusal as the owner reads it: 409 a time taken meanwhile, else its own message. */
const refusalOf = (error: unknown) =>
  error instanceof ApiClientError && error.status === 409
    ? OWNER_BOOKING_TEXTS.taken
    : error instanceof ApiClientError && error.serverError && error.status < 500
      ? error.serverError
      : OWNER_BOOKING_TEXTS.failed;

/**
 * New appointment and Move (docs/decisions/183-calendar-model.md "The assistant"): the owner picks a service
 * and a staff member (or anyone), a date and one of the open times the assistant's engine offers; a new one
 * also takes the caller's name and phone. Both go through the same booking invariant as the assistant.
 */
export function OwnerBookingDialog({
  userId,
  timeZone,
  moving,
  onDone,
  onClose,
}: {
  userId: string;
  timeZone: string;
  /** Absent: a new appointment. */
  moving?: DashboardAppointment;
  onDone: (result: OwnerBookingResponse) => void;
  onClose: () => void;
}) {
  const id = useId();
  const model = useQuery({
    queryKey: ['owner-booking-model', userId],
    queryFn: () => calendarModelApi.model(userId),
  });
  const services = model.data?.services ?? [];
  const staff = model.data?.staff ?? [];
  const [serviceId, setServiceId] = useState(moving?.service_id ?? '');
  const [staffId, setStaffId] = useState(moving?.staff_id ?? '');
  // A move opens on its own day, on the business's calendar.
  const [date, setDate] = useState(
    moving ? isoDateOf(zonedParts(new Date(moving.starts_at), timeZone)) : tomorrow(),
  );
  const [start, setStart] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const service = serviceId || services[0]?.id || '';
  const slots = useQuery({
    queryKey: ['owner-slots', userId, service, staffId, date],
    enabled: Boolean(date) && model.isSuccess,
    queryFn: () =>
      appointmentsApi.openSlots(userId, {
        date,
        ...(service ? { service_id: service } : {}),
        ...(staffId ? { staff_id: staffId } : {}),
      }),
  });
  const save = useMutation({
    mutationFn: () =>
      moving
        ? appointmentsApi.move(userId, moving.id, start)
        : appointmentsApi.create(userId, {
            start,
            ...(service ? { service_id: service } : {}),
            ...(staffId ? { staff_id: staffId } : {}),
            customer_name: name,
            customer_phone: phone,
          }),
    onSuccess: onDone,
    onError: (failure) => {
      setError(refusalOf(failure));
      if (failure instanceof ApiClientError && failure.status === 409) {
        setStart('');
        void slots.refetch();
      }
    },
  });
  const open = slots.data?.slots ?? [];
  const title = moving ? OWNER_BOOKING_TEXTS.move : OWNER_BOOKING_TEXTS.newAppointment;

  return (
    <Modal
      title={title}
      onClose={() => (save.isPending ? undefined : onClose())}
      actions={
        <>
          <button type="button" className="btn btn-secondary" disabled={save.isPending} onClick={onClose}>
            {OWNER_BOOKING_TEXTS.close}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending}
            onClick={() => {
              setError(undefined);
              if (!start) return setError(OWNER_BOOKING_TEXTS.chooseTime);
              save.mutate();
            }}
          >
            {moving ? OWNER_BOOKING_TEXTS.saveMove : OWNER_BOOKING_TEXTS.book}
          </button>
        </>
      }
    >
      <div className="owner-booking" data-testid="owner-booking">
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        {!moving && services.length > 0 ? (
          <label htmlFor={`${id}-service`}>
            {OWNER_BOOKING_TEXTS.service}
            <select
              id={`${id}-service`}
              value={service}
              onChange={(event) => {
                setServiceId(event.target.value);
                setStart('');
              }}
            >
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {!moving && staff.length > 0 ? (
          <label htmlFor={`${id}-staff`}>
            {OWNER_BOOKING_TEXTS.staff}
            <select
              id={`${id}-staff`}
              value={staffId}
              onChange={(event) => {
                setStaffId(event.target.value);
                setStart('');
              }}
            >
              <option value="">{OWNER_BOOKING_TEXTS.anyone}</option>
              {staff.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label htmlFor={`${id}-date`}>
          {OWNER_BOOKING_TEXTS.date}
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setStart('');
            }}
          />
        </label>
        <label htmlFor={`${id}-time`}>
          {OWNER_BOOKING_TEXTS.time}
          <select
            id={`${id}-time`}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            disabled={slots.isPending || open.length === 0}
          >
            <option value="">
              {slots.isPending
                ? OWNER_BOOKING_TEXTS.loadingTimes
                : open.length === 0
                  ? OWNER_BOOKING_TEXTS.noTimes
                  : OWNER_BOOKING_TEXTS.chooseTime}
            </option>
            {open.map((slot) => (
              <option key={slot.start} value={slot.start}>
                {timeLabel(slot.start, timeZone)}
                {slot.staff.length > 0 ? ` (${slot.staff.map((m) => m.name).join(', ')})` : ''}
              </option>
            ))}
          </select>
        </label>
        {!moving ? (
          <>
            <label htmlFor={`${id}-name`}>
              {OWNER_BOOKING_TEXTS.callerName}
              <input
                id={`${id}-name`}
                value={name}
                maxLength={100}
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
              />
            </label>
            <label htmlFor={`${id}-phone`}>
              {OWNER_BOOKING_TEXTS.callerPhone}
              <input
                id={`${id}-phone`}
                type="tel"
                value={phone}
                aria-describedby={`${id}-phone-hint`}
                autoComplete="off"
                onChange={(event) => setPhone(event.target.value)}
              />
              <span id={`${id}-phone-hint`} className="dashboard-muted">
                {OWNER_BOOKING_TEXTS.phoneHint}
              </span>
            </label>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
