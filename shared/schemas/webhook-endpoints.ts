import { z } from 'zod';
import { WEBHOOK_LIMITS, WEBHOOK_TEXTS } from '../webhooks';
import { webhookEventSchema } from './webhook-events';

/**
 * The dashboard's webhook endpoints API (docs/decisions/178-outbound-webhooks.md). The URL's SSRF checks
 * (scheme, addresses after DNS) run on the server; the schema checks only its shape.
 */
const endpointUrl = z
  .string()
  .trim()
  .min(1, WEBHOOK_TEXTS.badUrl)
  .max(WEBHOOK_LIMITS.urlMaxLength, WEBHOOK_TEXTS.badUrl)
  .refine((value) => URL.canParse(value), WEBHOOK_TEXTS.badUrl);
const events = z
  .array(webhookEventSchema)
  .min(1, WEBHOOK_TEXTS.noEvents)
  .transform((list) => [...new Set(list)]);

export const webhookEndpointCreateSchema = z.strictObject({
  url: endpointUrl,
  events,
  description: z.string().trim().max(200).default(''),
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .strictObject({
    url: endpointUrl.optional(),
    events: events.optional(),
    description: z.string().trim().max(200).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'failing'] as const;

/** An endpoint as the API shows it: never its secret (that is shown once, at creation and rotation). */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  /** Since when deliveries have failed for the whole retry window; null while it works. */
  failing_since: z.iso.datetime().nullable(),
  /** While a rotation overlaps: until when the previous secret still signs. */
  previous_secret_expires_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  limit: z.number().int(),
});

/** Creation and rotation answer with the new secret: the only time it leaves the server. */
export const webhookEndpointWithSecretSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().startsWith('whsec_'),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  at: z.iso.datetime(),
  /** The receiver's HTTP status; null when none came (refused address, timeout, connection error). */
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().min(0),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id: the `webhook-id` header, the same on every attempt and on replays. */
  event_id: z.string(),
  event_type: webhookEventSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  /** At most WEBHOOK_DELIVERY.responseExcerptBytes of the receiver's answer. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  next_attempt_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  /** A replay names the delivery it repeats; a test send says so. */
  replay_of: z.string().nullable(),
  test: z.boolean(),
  attempt_log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

export const webhookTestSendSchema = z.strictObject({ event: webhookEventSchema.optional() });

export const webhookEndpointDeletedSchema = z.object({ deleted: z.literal(true) });
