import { describe, expect, it } from 'vitest';
import type { Appointment } from '@shared/schemas/appointment';
import type { Conversation } from '@shared/schemas/conversation';
import {
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENTS,
  WEBHOOK_PAYLOAD_VERSION,
  WEBHOOK_SAMPLES,
  webhookEnvelopeSchema,
} from '@shared/schemas/webhook-events';
import { appointmentEnvelope, conversationEnvelope, sampleEnvelopes } from './poll-envelopes';

const conversation: Conversation = {
  id: 'conv_1',
  business_id: 'biz_1',
  channel: 'voice',
  caller: '+15125550123',
  started_at: '2026-11-29T10:00:00.000Z',
  ended_at: '2026-11-29T10:03:00.000Z',
  transcript: [],
  objectives_met: {},
  amount_collected_cents: 0,
  escalated: true,
  outcome: 'message_taken',
  summary: 'Took a message',
  language: 'es',
};
const appointment: Appointment = {
  id: 'appt_2026-12-01T15:00:00.000Z',
  owner_id: 'owner',
  starts_at: '2026-12-01T15:00:00.000Z',
  ends_at: '2026-12-01T15:30:00.000Z',
  status: 'booked',
  customer_name: 'Maria Lopez',
  customer_phone: '+15125550123',
  service: 'Haircut',
  conversation_id: 'conv_1',
  channel: 'sms',
  deposit: null,
  created_at: '2026-11-29T10:02:00.000Z',
  cancelled_at: null,
};

describe('polling and sample envelopes', () => {
  it('serves every event’s sample as a one-item list of a valid envelope', () => {
    for (const event of WEBHOOK_EVENTS) {
      const [sample, ...rest] = sampleEnvelopes(event, 'biz_1');
      expect(rest).toEqual([]);
      expect(webhookEnvelopeSchema.parse(sample)).toMatchObject({
        type: event,
        version: WEBHOOK_PAYLOAD_VERSION,
        business_id: 'biz_1',
        data: WEBHOOK_SAMPLES[event],
      });
    }
  });

  it('turns a finished conversation into a conversation.completed envelope whose data is the event’s', () => {
    const envelope = conversationEnvelope(conversation, 'biz_1');
    expect(envelope).toMatchObject({ id: 'conversation.completed:conv_1', type: 'conversation.completed' });
    expect(envelope.timestamp).toBe(conversation.ended_at);
    expect(WEBHOOK_EVENT_DATA['conversation.completed'].strict().parse(envelope.data)).toEqual({
      conversation_id: 'conv_1',
      channel: 'voice',
      caller: '+15125550123',
      started_at: conversation.started_at,
      ended_at: conversation.ended_at,
      outcome: 'message_taken',
      summary: 'Took a message',
      language: 'es',
      amount_collected_cents: 0,
      escalated: true,
    });
    const old = conversationEnvelope({ ...conversation, language: undefined, summary: undefined }, 'b');
    expect(old.data).toMatchObject({ language: 'en', summary: null });
  });

  it('turns an appointment into its latest event: booked, then cancelled under another id', () => {
    const booked = appointmentEnvelope(appointment, 'biz_1')!;
    expect(booked).toMatchObject({ type: 'appointment.booked', timestamp: appointment.created_at });
    expect(WEBHOOK_EVENT_DATA['appointment.booked'].strict().parse(booked.data)).toMatchObject({
      status: 'booked',
      changed_by: 'assistant',
      previous_starts_at: null,
    });
    const cancelled = appointmentEnvelope(
      {
        ...appointment,
        status: 'cancelled',
        cancelled_at: '2026-11-30T08:00:00.000Z',
        conversation_id: null,
      },
      'biz_1',
    )!;
    expect(cancelled).toMatchObject({ type: 'appointment.cancelled', timestamp: '2026-11-30T08:00:00.000Z' });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', changed_by: 'owner' });
    expect(cancelled.id).not.toBe(booked.id);
  });

  it('turns a move into one appointment.moved with where it was; the old item of the move is no event', () => {
    const moved = appointmentEnvelope(
      { ...appointment, id: 'appt_new', previous_starts_at: appointment.starts_at },
      'biz_1',
    )!;
    expect(moved).toMatchObject({ id: 'appointment.moved:appt_new', type: 'appointment.moved' });
    expect(WEBHOOK_EVENT_DATA['appointment.moved'].strict().parse(moved.data)).toMatchObject({
      status: 'booked',
      previous_starts_at: appointment.starts_at,
    });
    const movedAway = {
      ...appointment,
      status: 'cancelled' as const,
      cancelled_at: '2026-11-30T08:00:00.000Z',
      rescheduled_to: 'appt_new',
    };
    expect(appointmentEnvelope(movedAway, 'biz_1')).toBeUndefined();
  });
});
