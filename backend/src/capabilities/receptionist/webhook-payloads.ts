import { conversationSummary } from '@shared/call-log';
import type { Appointment } from '@shared/schemas/appointment';
import { appointmentPayload, type ChangedBy } from '@shared/webhook-payloads';
import type { WebhookEventData } from '@shared/schemas/webhook-events';
import type { EmitWebhookEvent } from '../webhooks/index';
import { outcomeOf } from './conversation-record';
import type { ConversationState } from './records/conversation-types';

/**
 * The receptionist's events as outbound webhook payloads (docs/decisions/178-outbound-webhooks.md). Ordered
 * per conversation: its id is the ordering key (an appointment without one orders by its own id).
 */
export type AppointmentChange = 'booked' | 'moved' | 'cancelled';

export const orderingKeyOf = (appointment: Pick<Appointment, 'conversation_id' | 'id'>) =>
  appointment.conversation_id ?? appointment.id;

/** Emits an appointment's change; the owner's own test chat emits nothing (its "caller" is the owner). */
export function emitAppointmentChange(
  emit: EmitWebhookEvent | undefined,
  change: AppointmentChange,
  appointment: Appointment,
  changedBy: ChangedBy,
  previousStartsAt: string | null = null,
) {
  if (!emit || appointment.channel === 'test') return Promise.resolve();
  return emit(
    appointment.owner_id,
    `appointment.${change}`,
    appointmentPayload(appointment, changedBy, previousStartsAt),
    orderingKeyOf(appointment),
  );
}

export function conversationPayload(state: ConversationState): WebhookEventData<'conversation.completed'> {
  const callerTurns = state.turns.filter((turn) => turn.speaker === 'caller').length;
  const outcome = outcomeOf(state.achieved, callerTurns);
  return {
    conversation_id: state.id,
    channel: state.channel,
    caller: state.caller,
    started_at: state.started_at,
    ended_at: state.ended_at ?? state.last_at,
    outcome,
    summary: conversationSummary({ actions: state.actions, transcript: state.turns, outcome }),
    language: state.language ?? 'en',
    amount_collected_cents: state.amount_collected_cents,
    escalated: !!state.achieved.escalated,
  };
}
