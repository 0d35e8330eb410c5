import { appointmentPayload } from '@shared/webhook-payloads';
import type { Appointment } from '@shared/schemas/appointment';
import type { Conversation } from '@shared/schemas/conversation';
import {
  WEBHOOK_PAYLOAD_VERSION,
  WEBHOOK_SAMPLES,
  type WebhookEnvelope,
  type WebhookEvent,
  type WebhookEventData,
} from '@shared/schemas/webhook-events';

/**
 * The polling lists and the samples answer in the very envelope a hook delivers, so a Zapier trigger's
 * polling mode, its hook mode and its sample all give the Zap the same fields (docs/decisions/179).
 * A polled item's `id` is `<event>:<record id>`: stable across polls, which is what Zapier deduplicates on,
 * and different for a booking and its later cancellation, which are two events.
 */
const envelope = <E extends WebhookEvent>(
  type: E,
  recordId: string,
  timestamp: string,
  businessId: string,
  data: WebhookEventData<E>,
): WebhookEnvelope => ({
  id: `${type}:${recordId}`,
  type,
  version: WEBHOOK_PAYLOAD_VERSION,
  timestamp,
  business_id: businessId,
  data,
});

/** `GET /api/hooks/samples/{event}`: one sample, as a list (what Zapier's performList returns). */
export const sampleEnvelopes = (event: WebhookEvent, businessId: string): WebhookEnvelope[] => [
  envelope(event, 'sample', '2026-11-29T14:05:00.000Z', businessId, WEBHOOK_SAMPLES[event]),
];

export function conversationEnvelope(conversation: Conversation, businessId: string): WebhookEnvelope {
  return envelope('conversation.completed', conversation.id, conversation.ended_at, businessId, {
    conversation_id: conversation.id,
    channel: conversation.channel,
    caller: conversation.caller,
    started_at: conversation.started_at,
    ended_at: conversation.ended_at,
    outcome: conversation.outcome ?? null,
    summary: conversation.summary ?? null,
    // Records from before Spanish existed were English (the schema's own reading of an absent language).
    language: conversation.language ?? 'en',
    amount_collected_cents: conversation.amount_collected_cents,
    escalated: conversation.escalated,
  });
}

/** When the appointment's latest event happened: its cancellation, else its booking (a move's new item). */
export const appointmentEventTime = (appointment: Appointment) =>
  appointment.cancelled_at ?? appointment.created_at;

/**
 * An appointment as its latest event: booked, moved (the new item of a move, with where it was), or
 * cancelled. The old item of a move is no event of its own (undefined): as with hooks, a move is one
 * `appointment.moved`. The record keeps no name of who made the change, so a polled item names the
 * assistant when a conversation made the booking, else the owner; hooks carry the exact value.
 */
export function appointmentEnvelope(
  appointment: Appointment,
  businessId: string,
): WebhookEnvelope | undefined {
  if (appointment.rescheduled_to) return undefined;
  const type =
    appointment.status === 'cancelled'
      ? 'appointment.cancelled'
      : appointment.previous_starts_at
        ? 'appointment.moved'
        : 'appointment.booked';
  return envelope(
    type,
    appointment.id,
    appointmentEventTime(appointment),
    businessId,
    appointmentPayload(
      appointment,
      appointment.conversation_id ? 'assistant' : 'owner',
      appointment.previous_starts_at ?? null,
    ),
  );
}
