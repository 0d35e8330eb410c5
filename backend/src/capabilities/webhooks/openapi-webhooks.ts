import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENTS,
  WEBHOOK_PAYLOAD_VERSION,
  WEBHOOK_SAMPLES,
  webhookEnvelopeSchema,
} from '@shared/schemas/webhook-events';
import { WEBHOOK_EVENT_LABELS } from '@shared/webhooks';
import type { AppEnv } from '../../platform/http/app-env';

const signatureHeaders = z.object({
  'webhook-id': z
    .string()
    .describe('The event id: the same on every attempt and replay (drop duplicates by it)'),
  'webhook-timestamp': z.string().describe('Seconds since the epoch when this attempt was signed'),
  'webhook-signature': z
    .string()
    .describe(
      'Space-separated `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}` under each live secret (two during a rotation)',
    ),
});

/**
 * The OpenAPI document's `webhooks` section (docs/decisions/178-outbound-webhooks.md): one entry per event,
 * its versioned envelope with the event's own `data`, the Standard Webhooks headers and a sample, all from
 * shared/schemas/webhook-events.ts.
 */
export function documentWebhooks(app: OpenAPIHono<AppEnv>) {
  for (const event of WEBHOOK_EVENTS) {
    const body = webhookEnvelopeSchema.extend({ type: z.literal(event), data: WEBHOOK_EVENT_DATA[event] });
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: event,
      tags: ['webhooks'],
      summary: WEBHOOK_EVENT_LABELS[event],
      description: `Sent to endpoints subscribed to \`${event}\`. Payload version ${WEBHOOK_PAYLOAD_VERSION}: later versions only add fields. Answer any 2xx within 5 seconds; anything else (or a redirect) is retried with exponential backoff for 24 hours, in order per conversation.`,
      request: {
        headers: signatureHeaders,
        body: {
          required: true,
          content: {
            'application/json': {
              schema: body,
              example: {
                id: 'msg_2Yc8xBq0nZ',
                type: event,
                version: WEBHOOK_PAYLOAD_VERSION,
                timestamp: '2026-11-29T14:05:00.000Z',
                business_id: 'biz_sample',
                data: WEBHOOK_SAMPLES[event],
              },
            },
          },
        },
      },
      responses: { 200: { description: 'Received (any 2xx)' } },
    });
  }
  return app;
}
