import { z } from 'zod';
import { CONVERSATION_CHANNELS, CONVERSATION_OUTCOMES } from '../conversation';
import { LANGUAGES } from '../language';
import { WEBHOOK_EVENTS, WEBHOOK_PAYLOAD_VERSION, type WebhookEvent } from '../webhooks';

export { WEBHOOK_EVENTS, WEBHOOK_PAYLOAD_VERSION } from '../webhooks';
export type { WebhookEvent } from '../webhooks';

/**
 * The events Ringly sends to the owner's own tools (issue 40): signed webhooks the owner adds on the dashboard
 * and REST-hook subscriptions made with an API key (Zapier) carry the same versioned payloads. One source of
 * truth for the names, the payloads and the samples: the sender, the OpenAPI document's webhooks section,
 * `GET /api/hooks/samples/{event}` and the dashboard read them from here.
 */
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

const conversationData = z.object({
  conversation_id: z.string(),
  channel: z.enum(CONVERSATION_CHANNELS),
  caller: z.string(),
  started_at: z.iso.datetime(),
  ended_at: z.iso.datetime(),
  outcome: z.enum(CONVERSATION_OUTCOMES).nullable(),
  summary: z.string().nullable(),
  language: z.enum(LANGUAGES),
  amount_collected_cents: z.number().int().min(0),
  escalated: z.boolean(),
});

const appointmentData = z.object({
  appointment_id: z.string(),
  conversation_id: z.string().nullable(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  customer_name: z.string(),
  customer_phone: z.string(),
  service: z.string().nullable(),
  status: z.enum(['booked', 'cancelled']),
  /** Set on appointment.moved: where it was before. */
  previous_starts_at: z.iso.datetime().nullable(),
  /** Who made the change: the assistant (a caller), the owner (dashboard) or a connected calendar. */
  changed_by: z.enum(['assistant', 'owner', 'calendar']),
  /**
   * The calendar model (docs/decisions/183): the service's id and the staff member who does it; null for a
   * booking without a service or a business without staff. Added fields: receivers that ignore them are fine.
   */
  service_id: z.string().nullable(),
  staff_id: z.string().nullable(),
  staff_name: z.string().nullable(),
});

const messageData = z.object({
  conversation_id: z.string(),
  caller: z.string(),
  caller_name: z.string().nullable(),
  message: z.string(),
  urgent: z.boolean(),
  language: z.enum(LANGUAGES),
  taken_at: z.iso.datetime(),
});

const depositData = z.object({
  appointment_id: z.string(),
  conversation_id: z.string().nullable(),
  amount_cents: z.number().int().min(0),
  currency: z.string(),
  customer_phone: z.string(),
  at: z.iso.datetime(),
});

const optOutData = z.object({
  caller: z.string(),
  keyword: z.string(),
  at: z.iso.datetime(),
});

/** What `data` holds for each event. */
export const WEBHOOK_EVENT_DATA = {
  'conversation.completed': conversationData,
  'appointment.booked': appointmentData,
  'appointment.moved': appointmentData,
  'appointment.cancelled': appointmentData,
  'message.taken': messageData,
  'deposit.paid': depositData,
  'deposit.refunded': depositData,
  'caller.opted_out': optOutData,
} as const satisfies Record<WebhookEvent, z.ZodType>;
export type WebhookEventData<E extends WebhookEvent> = z.infer<(typeof WEBHOOK_EVENT_DATA)[E]>;

/**
 * The body of every delivery (the Standard Webhooks shape: type, timestamp, data). `id` is the event's own id:
 * the same on every attempt and on a replay, and the `webhook-id` header, so receivers can drop duplicates.
 */
export const webhookEnvelopeSchema = z.object({
  id: z.string(),
  type: webhookEventSchema,
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  timestamp: z.iso.datetime(),
  business_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

/**
 * Where one event goes: an endpoint the owner added on the dashboard, or a REST-hook subscription made
 * through the API. Both are signed with their own secrets (during a rotation, old and new).
 */
export type WebhookTarget = {
  kind: 'endpoint' | 'hook';
  id: string;
  url: string;
  /** Signing secrets, `whsec_`-prefixed base64; more than one only during a rotation's overlap. */
  secrets: readonly string[];
};

const sampleAppointment: WebhookEventData<'appointment.booked'> = {
  appointment_id: 'appt_2026-12-01T15:00:00.000Z',
  conversation_id: 'conv_sample',
  starts_at: '2026-12-01T15:00:00.000Z',
  ends_at: '2026-12-01T15:30:00.000Z',
  customer_name: 'Maria Lopez',
  customer_phone: '+15125550123',
  service: 'Haircut',
  status: 'booked',
  previous_starts_at: null,
  changed_by: 'assistant',
  service_id: 'sv_haircut01',
  staff_id: 'st_jordan001',
  staff_name: 'Jordan',
};
const sampleDeposit: WebhookEventData<'deposit.paid'> = {
  appointment_id: sampleAppointment.appointment_id,
  conversation_id: 'conv_sample',
  amount_cents: 2500,
  currency: 'usd',
  customer_phone: '+15125550123',
  at: '2026-11-29T14:05:00.000Z',
};

/** One realistic `data` per event: the API's samples, the dashboard's test send and the docs show these. */
export const WEBHOOK_SAMPLES: { [E in WebhookEvent]: WebhookEventData<E> } = {
  'conversation.completed': {
    conversation_id: 'conv_sample',
    channel: 'sms',
    caller: '+15125550123',
    started_at: '2026-11-29T14:00:00.000Z',
    ended_at: '2026-11-29T14:04:00.000Z',
    outcome: 'booked',
    summary: 'Booked a haircut for Tue, Dec 1 at 9:00 AM',
    language: 'en',
    amount_collected_cents: 2500,
    escalated: false,
  },
  'appointment.booked': sampleAppointment,
  'appointment.moved': {
    ...sampleAppointment,
    starts_at: '2026-12-02T16:00:00.000Z',
    ends_at: '2026-12-02T16:30:00.000Z',
    previous_starts_at: sampleAppointment.starts_at,
  },
  'appointment.cancelled': { ...sampleAppointment, status: 'cancelled', changed_by: 'owner' },
  'message.taken': {
    conversation_id: 'conv_sample',
    caller: '+15125550123',
    caller_name: 'Maria Lopez',
    message: 'Please call me back about a colour appointment.',
    urgent: false,
    language: 'en',
    taken_at: '2026-11-29T14:03:00.000Z',
  },
  'deposit.paid': sampleDeposit,
  'deposit.refunded': { ...sampleDeposit, at: '2026-11-30T09:00:00.000Z' },
  'caller.opted_out': { caller: '+15125550123', keyword: 'STOP', at: '2026-11-29T14:10:00.000Z' },
};
