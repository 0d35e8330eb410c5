import type {
  WebhookEndpointCreate,
  webhookDeliveryListSchema,
  webhookEndpointDeletedSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@shared/schemas/webhook-endpoints';
import type { WebhookEvent } from '@shared/schemas/webhook-events';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const base = (userId: string) => `${ownerPath(userId)}/webhooks`;
const one = (userId: string, id: string) => `${base(userId)}/${encodeURIComponent(id)}`;

/** The owner's webhook endpoints (docs/decisions/178-outbound-webhooks.md). Writes answer with what they stored. */
export const webhooksApi = {
  list: (userId: string) =>
    apiRequest<typeof webhookEndpointListSchema>(base(userId), { action: 'load your webhook endpoints' }),
  create: (userId: string, body: WebhookEndpointCreate) =>
    apiRequest<typeof webhookEndpointWithSecretSchema>(base(userId), {
      method: 'POST',
      body,
      action: 'add the endpoint',
    }),
  setEnabled: (userId: string, id: string, enabled: boolean) =>
    apiRequest<typeof webhookEndpointSchema>(one(userId, id), {
      method: 'PATCH',
      body: { enabled },
      action: 'change the endpoint',
    }),
  remove: (userId: string, id: string) =>
    apiRequest<typeof webhookEndpointDeletedSchema>(one(userId, id), {
      method: 'DELETE',
      action: 'delete the endpoint',
    }),
  rotate: (userId: string, id: string) =>
    apiRequest<typeof webhookEndpointWithSecretSchema>(`${one(userId, id)}/rotate-secret`, {
      method: 'POST',
      action: 'rotate the secret',
    }),
  test: (userId: string, id: string, event?: WebhookEvent) =>
    apiRequest<typeof webhookDeliverySchema>(`${one(userId, id)}/test`, {
      method: 'POST',
      body: event ? { event } : {},
      action: 'send a test event',
    }),
  deliveries: (userId: string, id: string) =>
    apiRequest<typeof webhookDeliveryListSchema>(`${one(userId, id)}/deliveries`, {
      action: 'load the delivery log',
    }),
  replay: (userId: string, id: string, deliveryId: string) =>
    apiRequest<typeof webhookDeliverySchema>(
      `${one(userId, id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
      { method: 'POST', action: 'replay the delivery' },
    ),
};
