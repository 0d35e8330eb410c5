import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createWebhookRepository } from './webhook-records';
export { createWebhookRepository, deliveryIdTime } from './webhook-records';
export type {
  DueDelivery,
  SealedSecret,
  StoredDelivery,
  StoredEndpoint,
  StoredEvent,
  TargetRef,
  WebhookRepository,
} from './webhook-records';

/** Webhook endpoints, events, the delivery log and the due index (docs/decisions/178-outbound-webhooks.md). */
export function webhooksRecords({ doc, tableName }: RecordStore) {
  return { webhooks: createWebhookRepository(doc, tableName) };
}
