import { z } from 'zod';
import {
  API_KEY_NAME_MAX_CHARS,
  API_KEY_SCOPES,
  HOOK_TARGET_URL_MAX_CHARS,
  POLL_DEFAULT_LIMIT,
  POLL_MAX_LIMIT,
} from '../automations';
import { safeTextRefinement } from '../safe-text';
import { WEBHOOK_EVENTS, webhookEnvelopeSchema, webhookEventSchema } from './webhook-events';

/**
 * API keys' and REST hooks' requests and answers (docs/decisions/179-api-keys-and-rest-hooks.md). The hook
 * payloads themselves are the webhook events' (shared/schemas/webhook-events.ts).
 */

/** POST /oauth/users/{userId}/api-keys */
export const createApiKeyRequestSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Give the key a name, e.g. "Zapier"')
      .max(API_KEY_NAME_MAX_CHARS, `name must be at most ${API_KEY_NAME_MAX_CHARS} characters`)
      .refine(...safeTextRefinement),
    scope: z.enum(API_KEY_SCOPES),
  })
  .strict();
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** One key as the dashboard lists it: never the key itself, nor its hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** `rk_live_` and the first characters: enough to tell keys apart, never to use one. */
  prefix: z.string(),
  created_at: z.iso.datetime(),
  /** Updated at most once a minute. */
  last_used_at: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysSchema = z.object({ keys: z.array(apiKeySchema), limit: z.number().int() });
export type ApiKeys = z.infer<typeof apiKeysSchema>;

/** The answer to a create: the only time the key is ever shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyParamsSchema = z.object({
  userId: z.string().min(1).max(128),
  keyId: z.string().min(1).max(64),
});
export const revokedApiKeySchema = z.object({
  id: z.string(),
  revoked: z.literal(true),
  /** Hook subscriptions made with the key, removed with it. */
  hooks_removed: z.number().int().min(0),
});

/** POST /api/hooks: the REST-hook subscribe call (Zapier's performSubscribe). */
export const subscribeHookRequestSchema = z
  .object({
    target_url: z.string().trim().min(1).max(HOOK_TARGET_URL_MAX_CHARS),
    event: webhookEventSchema,
  })
  .strict();
export type SubscribeHookRequest = z.infer<typeof subscribeHookRequestSchema>;

export const hookSubscriptionSchema = z.object({
  id: z.string(),
  event: webhookEventSchema,
  target_url: z.string(),
  created_at: z.iso.datetime(),
});
/** The subscribe answer: the signing secret appears here once (`whsec_` + base64). */
export const createdHookSchema = hookSubscriptionSchema.extend({ secret: z.string() });
export type CreatedHook = z.infer<typeof createdHookSchema>;

export const hookParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const deletedHookSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const hookEventParamsSchema = z.object({ event: z.enum(WEBHOOK_EVENTS) });

/** Polling: the latest items, newest first, each in the envelope a hook delivers. */
export const pollQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(POLL_MAX_LIMIT).default(POLL_DEFAULT_LIMIT),
});
export const APPOINTMENT_POLL_EVENTS = [
  'appointment.booked',
  'appointment.moved',
  'appointment.cancelled',
] as const;
export const appointmentPollQuerySchema = pollQuerySchema.extend({
  event: z.enum(APPOINTMENT_POLL_EVENTS).optional(),
});

/** What samples and polling answer: a bare array, as Zapier's performList and perform expect. */
export const envelopeListSchema = z.array(webhookEnvelopeSchema);
