import { spokenTimeIn } from '@shared/receptionist/spoken-time-es';
import type { Appointment } from '@shared/schemas/appointment';
import type { DashboardAppointment } from '@shared/schemas/dashboard-appointments';
import type { AppointmentsDeps } from './deps';
import type { OwnerCalendar } from '../calendars/index';
import type { Logger } from '../../platform/logging/logger';
import type { TelephonyProvider } from '../../providers/telephony/port';
import { emitAppointmentChange, type Receptionist } from '../receptionist/index';
import type { EmitWebhookEvent } from '../webhooks/index';
import { isNorthAmericanPhone } from '@shared/phone/phone-number';
import { callerTexts } from '@shared/caller-texts';
import type { AppointmentsBook } from './appointment-routes';

/** The view of one appointment (the Appointments tab and the Overview show the same fields). */
export const appointmentView = (appointment: Appointment): DashboardAppointment => ({
  id: appointment.id,
  service: appointment.service,
  customer_name: appointment.customer_name || null,
  customer_phone: appointment.customer_phone || null,
  starts_at: appointment.starts_at,
  ends_at: appointment.ends_at,
  status: appointment.status,
  deposit: appointment.deposit
    ? {
        amount_cents: appointment.deposit.amount_cents,
        paid: appointment.deposit.paid,
        ...(appointment.deposit.refunded_at ? { refunded: true } : {}),
      }
    : null,
  channel: appointment.channel,
  confirmed_at: appointment.confirmed_at ?? null,
  ...(appointment.attendance ? { attendance: appointment.attendance } : {}),
  ...(appointment.service_id ? { service_id: appointment.service_id } : {}),
  ...(appointment.staff_id ? { staff_id: appointment.staff_id } : {}),
  ...(appointment.staff_name ? { staff_name: appointment.staff_name } : {}),
});

/**
 * The Appointments view over the engine's appointment store: upcoming bookings, and cancel (one conditional
 * update frees the slot), after which the caller is texted from the assistant's number unless they opted
 * out of its texts.
 */
export function appointmentsBook(deps: {
  data: Pick<AppointmentsDeps['data'], 'appointments' | 'businessConfigs' | 'smsMessaging'>;
  receptionist: Pick<Receptionist, 'profileOf' | 'refundCancelledDeposit' | 'ownerBookings'>;
  telephony: Pick<TelephonyProvider, 'sendSms'>;
  calendar?: Pick<OwnerCalendar, 'remove'>;
  logger: Logger;
  /** The owner's webhooks hear of a cancellation from the dashboard (docs/decisions/178). */
  webhooks?: { emit: EmitWebhookEvent };
}): AppointmentsBook {
  const { data } = deps;
  return {
    async timeZone(ownerId) {
      return (await deps.receptionist.profileOf(ownerId)).timeZone;
    },

    async upcoming(ownerId) {
      return (await data.appointments.upcoming(ownerId)).map(appointmentView);
    },

    async past(ownerId, days) {
      return (await data.appointments.recentPast(ownerId, days)).map(appointmentView);
    },

    async ofConversation(ownerId, conversationId, from, to) {
      const found = await data.appointments.matching(ownerId, from, to, {
        attribute: 'conversation_id',
        value: conversationId,
      });
      return found.map(appointmentView);
    },

    openSlots: (ownerId, query) => deps.receptionist.ownerBookings.openSlots(ownerId, query),

    async create(ownerId, input) {
      const done = await deps.receptionist.ownerBookings.create(ownerId, input);
      return done.ok
        ? { ok: true, value: { ...done.value, appointment: appointmentView(done.value.appointment) } }
        : done;
    },

    async move(ownerId, appointmentId, start) {
      const done = await deps.receptionist.ownerBookings.move(ownerId, appointmentId, start);
      return done.ok
        ? { ok: true, value: { ...done.value, appointment: appointmentView(done.value.appointment) } }
        : done;
    },

    async mark(ownerId, appointmentId, attendance) {
      const result = await data.appointments.markAttendance(ownerId, appointmentId, attendance);
      return result.ok ? { ...result, appointment: appointmentView(result.appointment) } : result;
    },

    async cancel(ownerId, appointmentId) {
      const cancelled = await data.appointments.cancel(ownerId, appointmentId);
      if (!cancelled) return undefined;
      if (cancelled.calendar_event_id) await deps.calendar?.remove(ownerId, cancelled.calendar_event_id);
      const depositRefund = await deps.receptionist.refundCancelledDeposit(ownerId, cancelled);
      await emitAppointmentChange(deps.webhooks?.emit, 'cancelled', cancelled, 'owner');
      const [profile, config] = await Promise.all([
        deps.receptionist.profileOf(ownerId),
        data.businessConfigs.getConfig(ownerId),
      ]);
      const from = config?.assistant_phone;
      const to = cancelled.customer_phone;
      let callerNotified = false;
      // The assistant starts texts to US and Canadian numbers only (decision 166), as reminders do.
      if (from && isNorthAmericanPhone(to) && !(await data.smsMessaging.isOptedOut(from, to))) {
        // In the caller's language when they booked (decision 174); English for bookings made before that.
        const { language } = cancelled;
        const when = spokenTimeIn(language, new Date(cancelled.starts_at), profile.timeZone);
        try {
          await deps.telephony.sendSms({
            from,
            to,
            body: callerTexts(language).cancelledByBusiness({ business: profile.name, when }, depositRefund),
          });
          callerNotified = true;
        } catch (error) {
          // The cancellation stands; the owner is told the caller was not texted.
          deps.logger.warn('Cancellation text failed', {
            appointment_id: appointmentId,
            error: String(error),
          });
        }
      }
      return { appointment: appointmentView(cancelled), callerNotified, depositRefund };
    },
  };
}
