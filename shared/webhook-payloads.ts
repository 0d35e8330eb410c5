import type { Appointment } from './schemas/appointment';
import type { WebhookEventData } from './schemas/webhook-events';

/** Who made an appointment change the owner's webhooks hear of. */
export type ChangedBy = WebhookEventData<'appointment.booked'>['changed_by'];

/**
 * An appointment as an event's payload (docs/decisions/178-outbound-webhooks.md): the same fields whether a
 * hook hears the change as it happens or the polling list reads it later (decision 179).
 */
export function appointmentPayload(
  appointment: Appointment,
  changedBy: ChangedBy,
  previousStartsAt: string | null = null,
): WebhookEventData<'appointment.booked'> {
  return {
    appointment_id: appointment.id,
    conversation_id: appointment.conversation_id,
    starts_at: appointment.starts_at,
    ends_at: appointment.ends_at,
    customer_name: appointment.customer_name,
    customer_phone: appointment.customer_phone,
    service: appointment.service,
    status: appointment.status,
    previous_starts_at: previousStartsAt,
    changed_by: changedBy,
    service_id: appointment.service_id ?? null,
    staff_id: appointment.staff_id ?? null,
    staff_name: appointment.staff_name ?? null,
  };
}
