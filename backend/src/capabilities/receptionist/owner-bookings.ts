import { IMPLICIT_STAFF_ID } from '@shared/calendar-model';
import { zonedParts, isoDateOf } from '@shared/receptionist/business-time';
import { MAX_BOOKINGS_PER_OWNER_PER_DAY, type Appointment } from '@shared/schemas/appointment';
import type { OwnerSlot } from '@shared/schemas/dashboard-appointments';
import type { AppointmentRepository } from '../appointments/records/index';
import type { OwnerCalendar } from '../calendars/index';
import type { BusinessProfile } from './business-profile';
import { bookedWith, bookFirstFree, confirmationText, freeStaffAt, mirrorInCalendar } from './tools/book';
import {
  appointmentMinutes,
  choiceOfAppointment,
  staffOfMove,
  type BookingChoice,
} from './tools/booking-choice';
import { availabilityFor } from './tools/find-slots';
import type { ToolServices } from './tools/tool-types';

/** What the owner's own bookings may answer, besides the booking itself. */
export type OwnerBookingOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      reason: 'not_found' | 'unknown_service' | 'unknown_staff' | 'not_open' | 'taken' | 'daily_limit';
    };

/**
 * The owner books and moves from the dashboard's Appointments tab (docs/decisions/183-calendar-model.md "The
 * assistant"): the same engine offers the times, and the same booking invariant (the appointments records'
 * book and reschedule) takes them, so an owner and a caller can never both hold one stylist's 10:00. The
 * caller is texted as when the assistant books or moves them; the owner's webhooks hear changed_by "owner".
 */
export function ownerBookings(deps: {
  profileOf(ownerId: string): Promise<BusinessProfile>;
  appointments: AppointmentRepository;
  calendar?: OwnerCalendar;
  assistantNumber(ownerId: string): Promise<string | undefined>;
  sendText(from: string | undefined, to: string, body: string, reference: string): Promise<boolean>;
  planReminders(appointment: Appointment, business: BusinessProfile): Promise<void>;
  appointmentChanged(
    change: 'booked' | 'moved',
    appointment: Appointment,
    previousStartsAt: string | null,
  ): Promise<void>;
  /** Counts one use of a per-owner daily allowance; false once it is used up. */
  allow(key: string, perDay: number): Promise<boolean>;
  now(): Date;
}) {
  const context = (business: BusinessProfile) => ({
    business,
    now: deps.now(),
    services: {
      appointments: deps.appointments,
      ...(deps.calendar ? { calendar: deps.calendar } : {}),
    } as Pick<ToolServices, 'appointments' | 'calendar'> as ToolServices,
  });

  /** The service and staff member the owner picked, by id; anyone when no staff member was picked. */
  function choiceOf(
    business: BusinessProfile,
    ids: { service_id?: string | undefined; staff_id?: string | undefined },
  ): BookingChoice | 'unknown_service' | 'unknown_staff' {
    const service = business.calendar.services.find((s) => s.id === ids.service_id);
    if (ids.service_id && !service) return 'unknown_service';
    if (business.calendar.services.length > 0 && !service) return 'unknown_service';
    if (!ids.staff_id) return { service, staffId: undefined };
    const member = business.calendar.staff.find((m) => m.id === ids.staff_id);
    if (!member) return 'unknown_staff';
    return { service, staffId: member.id, staffName: member.name };
  }

  /** Tells the caller from the assistant's number, in the language they booked in. */
  async function textCaller(
    business: BusinessProfile,
    appointment: Appointment,
    verb: 'Booked' | 'Rescheduled',
  ) {
    const from = await deps.assistantNumber(business.ownerId);
    return deps.sendText(
      from,
      appointment.customer_phone,
      confirmationText(business.name, appointment, business.timeZone, verb, appointment.language),
      appointment.id,
    );
  }

  return {
    /** The open times of one local day for a service (and staff member), each with who is free for it. */
    async openSlots(
      ownerId: string,
      query: { date: string; service_id?: string | undefined; staff_id?: string | undefined },
    ): Promise<OwnerBookingOutcome<{ time_zone: string; slots: OwnerSlot[] }>> {
      const business = await deps.profileOf(ownerId);
      const choice = choiceOf(business, query);
      if (typeof choice === 'string') return { ok: false, reason: choice };
      const [year, month, day] = query.date.split('-').map(Number) as [number, number, number];
      const date = { year, month, day };
      const { answer } = await availabilityFor(
        context(business),
        choice,
        { from: date, to: date },
        {
          limit: 200,
        },
      );
      const names = new Map(business.calendar.staff.map((m) => [m.id, m.name]));
      const slots = answer.slots
        .filter((slot) => isoDateOf(zonedParts(slot.start, business.timeZone)) === query.date)
        .sort((a, b) => a.start.getTime() - b.start.getTime())
        .map((slot) => ({
          start: slot.start.toISOString(),
          end: slot.end.toISOString(),
          staff: slot.staffIds
            .filter((id) => id !== IMPLICIT_STAFF_ID)
            .map((id) => ({ id, name: names.get(id) ?? id })),
        }));
      return { ok: true, value: { time_zone: business.timeZone, slots } };
    },

    /** A new appointment at an open time; 'taken' when someone got it meanwhile. */
    async create(
      ownerId: string,
      input: {
        start: string;
        service_id?: string | undefined;
        staff_id?: string | undefined;
        customer_name: string;
        customer_phone: string;
      },
    ): Promise<OwnerBookingOutcome<{ appointment: Appointment; callerNotified: boolean }>> {
      const business = await deps.profileOf(ownerId);
      const choice = choiceOf(business, input);
      if (typeof choice === 'string') return { ok: false, reason: choice };
      const start = new Date(input.start);
      const ctx = context(business);
      const free = await freeStaffAt(ctx, choice, start);
      if (free.staffIds.length === 0) return { ok: false, reason: 'taken' };
      // The same daily allowance as the assistant's bookings: one owner's bookings are one count.
      if (!(await deps.allow(`bookings#${ownerId}`, MAX_BOOKINGS_PER_OWNER_PER_DAY)))
        return { ok: false, reason: 'daily_limit' };
      const booked = await bookFirstFree(ctx, choice, start, free, (staffId) => {
        const { duration, fields } = bookedWith(business, choice, staffId);
        return {
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + duration * 60_000).toISOString(),
          customer_name: input.customer_name,
          customer_phone: input.customer_phone,
          service: choice.service?.name ?? null,
          conversation_id: null,
          channel: 'dashboard',
          deposit: null,
          ...fields,
        };
      });
      if (!booked.ok) return { ok: false, reason: 'taken' };
      const mirrored = await mirrorInCalendar(ctx, booked.appointment);
      if (mirrored.conflict) {
        await deps.appointments.release(ownerId, booked.appointment.id);
        return { ok: false, reason: 'taken' };
      }
      const appointment = mirrored.appointment;
      const callerNotified = await textCaller(business, appointment, 'Booked');
      await deps.planReminders(appointment, business);
      await deps.appointmentChanged('booked', appointment, null);
      return { ok: true, value: { appointment, callerNotified } };
    },

    /** Moves an upcoming appointment to an open time of the same staff member; the caller is texted. */
    async move(
      ownerId: string,
      appointmentId: string,
      newStart: string,
    ): Promise<OwnerBookingOutcome<{ appointment: Appointment; callerNotified: boolean }>> {
      const current = await deps.appointments.get(ownerId, appointmentId);
      if (!current || current.status !== 'booked') return { ok: false, reason: 'not_found' };
      const business = await deps.profileOf(ownerId);
      const start = new Date(newStart);
      const ctx = context(business);
      const free = await freeStaffAt(ctx, choiceOfAppointment(business, current), start, {
        ignoreAppointmentId: current.id,
      });
      const staff = staffOfMove(business, current, free.staffIds);
      if (!staff) return { ok: false, reason: 'taken' };
      const moved = await deps.appointments.reschedule(ownerId, current.id, {
        ...staff,
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + appointmentMinutes(current) * 60_000).toISOString(),
      });
      if (!moved.ok) return { ok: false, reason: moved.reason === 'not_found' ? 'not_found' : 'taken' };
      const eventId = moved.appointment.calendar_event_id;
      if (deps.calendar && eventId)
        await deps.calendar.move(ownerId, eventId, { start, end: new Date(moved.appointment.ends_at) });
      const callerNotified = await textCaller(business, moved.appointment, 'Rescheduled');
      await deps.planReminders(moved.appointment, business);
      await deps.appointmentChanged('moved', moved.appointment, current.starts_at);
      return { ok: true, value: { appointment: moved.appointment, callerNotified } };
    },
  };
}
export type OwnerBookings = ReturnType<typeof ownerBookings>;
