import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { WebhookEvent } from '@shared/schemas/webhook-events';
import type { WebhookAttempt, WebhookDeliveryStatus } from '@shared/schemas/webhook-endpoints';
import { WEBHOOK_DELIVERY, WEBHOOK_LIMITS } from '@shared/webhooks';
import { keyPart } from '../../../platform/dynamo/key-part';
import { userKey } from '../../../platform/dynamo/keys';
import { queryAll } from '../../../platform/dynamo/batch-write';
import {
  isConditionFailure,
  transactionConditionFailures,
  unlessConditionFails,
} from '../../../platform/dynamo/condition-failures';

/**
 * Webhooks' items (docs/data-model.md "Webhooks", docs/decisions/178-outbound-webhooks.md), all under the
 * owner's partition: endpoints and their count, events (the signed body, kept for replays), deliveries (one
 * per event and target, keyed by target kind + id so endpoints and REST hooks share the log), and the day's
 * delivery count. Pending deliveries also sit in gsi1's `WEBHOOK_DUE` partition by next attempt time, which
 * the sweep reads (never a Scan).
 */
const ENDPOINT_PREFIX = 'WHENDPOINT#';
const DELIVERY_PREFIX = 'WHDELIVERY#';
export const WEBHOOK_DUE_PK = 'WEBHOOK_DUE';

const endpointKey = (ownerId: string, id: string) => ({
  pk: userKey(ownerId),
  sk: `${ENDPOINT_PREFIX}${keyPart(id, 'endpoint id')}`,
});
const endpointCountKey = (ownerId: string) => ({ pk: userKey(ownerId), sk: 'WHENDPOINT_COUNT' });
const eventKey = (ownerId: string, id: string) => ({
  pk: userKey(ownerId),
  sk: `WHEVENT#${keyPart(id, 'event id')}`,
});
const dayCountKey = (ownerId: string, day: string) => ({ pk: userKey(ownerId), sk: `WHDAY#${day}` });

export type TargetRef = { kind: 'endpoint' | 'hook'; id: string };
/** A target's deliveries, oldest first: the log reads it backwards, the ordering rule forwards. */
export const deliveryPrefix = (target: TargetRef) =>
  `${DELIVERY_PREFIX}${target.kind}#${keyPart(target.id, 'target id')}#`;
const deliveryKey = (ownerId: string, target: TargetRef, deliveryId: string) => ({
  pk: userKey(ownerId),
  sk: `${deliveryPrefix(target)}${keyPart(deliveryId, 'delivery id')}`,
});

const epochSeconds = (at: Date, days: number) => Math.floor(at.getTime() / 1000) + days * 86_400;

export type SealedSecret = { sealed: string; expires_at: string | null };

export type StoredEndpoint = {
  owner_id: string;
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  status: 'active' | 'failing';
  failing_since: string | null;
  secrets: SealedSecret[];
  created_at: string;
  updated_at: string;
};

export type StoredDelivery = {
  owner_id: string;
  target_kind: TargetRef['kind'];
  target_id: string;
  id: string;
  event_id: string;
  event_type: WebhookEvent;
  /** Deliveries with the same key and target go out in order; null for test sends and replays. */
  order_key: string | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  attempt_log: WebhookAttempt[];
  response_code: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  next_attempt_at: string | null;
  /** Retries stop here (24 h after the delivery was made). */
  deadline_at: string;
  lease_until?: string;
  created_at: string;
  replay_of: string | null;
  test: boolean;
};

export type StoredEvent = {
  id: string;
  type: WebhookEvent;
  /** The exact body every attempt sends (and signs). */
  body: string;
  created_at: string;
};

const endpointOf = (item: Record<string, unknown>): StoredEndpoint => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as StoredEndpoint;
};
const deliveryOf = (item: Record<string, unknown>): StoredDelivery => {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, expires_at: _e, ...rest } = item;
  return rest as StoredDelivery;
};

/** The due index's sort key: time first, so "due by now" is one range. */
const dueSortKey = (at: string, ownerId: string, target: TargetRef, deliveryId: string) =>
  `${at}#${ownerId}#${target.kind}#${target.id}#${deliveryId}`;

export type DueDelivery = { owner_id: string; target: TargetRef; delivery_id: string };

export function createWebhookRepository(doc: DynamoDBDocumentClient, tableName: string) {
  const deliveryItem = (delivery: StoredDelivery) => {
    const target = { kind: delivery.target_kind, id: delivery.target_id };
    return {
      ...deliveryKey(delivery.owner_id, target, delivery.id),
      ...delivery,
      ...(delivery.status === 'pending' && delivery.next_attempt_at
        ? {
            gsi1pk: WEBHOOK_DUE_PK,
            gsi1sk: dueSortKey(delivery.next_attempt_at, delivery.owner_id, target, delivery.id),
          }
        : {}),
      expires_at: epochSeconds(new Date(delivery.created_at), WEBHOOK_DELIVERY.keepDays),
    };
  };

  return {
    /** Adds an endpoint unless the owner has the most they may: the count and the item, one transaction. */
    async createEndpoint(endpoint: StoredEndpoint): Promise<'created' | 'limit'> {
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: endpointCountKey(endpoint.owner_id),
                  UpdateExpression: 'ADD endpoints :one',
                  ConditionExpression: 'attribute_not_exists(endpoints) OR endpoints < :limit',
                  ExpressionAttributeValues: { ':one': 1, ':limit': WEBHOOK_LIMITS.endpointsPerOwner },
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...endpointKey(endpoint.owner_id, endpoint.id), ...endpoint },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
        return 'created';
      } catch (error) {
        if (transactionConditionFailures(error)?.[0]) return 'limit';
        throw error;
      }
    },

    async listEndpoints(ownerId: string): Promise<StoredEndpoint[]> {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': userKey(ownerId), ':prefix': ENDPOINT_PREFIX },
          ConsistentRead: true,
        }),
      );
      return (Items ?? []).map(endpointOf);
    },

    async getEndpoint(ownerId: string, id: string): Promise<StoredEndpoint | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: endpointKey(ownerId, id), ConsistentRead: true }),
      );
      return Item ? endpointOf(Item) : undefined;
    },

    /** Changes what the owner may change; undefined when there is no such endpoint. */
    async updateEndpoint(
      ownerId: string,
      id: string,
      changes: Partial<Pick<StoredEndpoint, 'url' | 'events' | 'description' | 'enabled' | 'secrets'>>,
      at: Date,
    ): Promise<StoredEndpoint | undefined> {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      const names = Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name]));
      const values = Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value]));
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: endpointKey(ownerId, id),
            UpdateExpression: `SET ${[...entries.map((_, index) => `#f${index} = :v${index}`), 'updated_at = :at'].join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
            ExpressionAttributeValues: { ...values, ':at': at.toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? endpointOf(Attributes) : undefined;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /** Deletes the endpoint and frees its place in the count; false when there was none. */
    async deleteEndpoint(ownerId: string, id: string): Promise<boolean> {
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: endpointKey(ownerId, id),
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: endpointCountKey(ownerId),
                  UpdateExpression: 'ADD endpoints :minus',
                  ConditionExpression: 'endpoints > :zero',
                  ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (transactionConditionFailures(error)?.[0]) return false;
        throw error;
      }
    },

    /** Active → failing, once: true only for the write that changed it (that one tells the owner). */
    async markFailing(ownerId: string, id: string, at: Date): Promise<boolean> {
      return unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: endpointKey(ownerId, id),
            UpdateExpression: 'SET #status = :failing, failing_since = :at',
            ConditionExpression: 'attribute_exists(pk) AND #status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':failing': 'failing',
              ':active': 'active',
              ':at': at.toISOString(),
            },
          }),
        ),
      );
    },

    /** A delivery got through: a failing endpoint works again. */
    async markHealthy(ownerId: string, id: string): Promise<void> {
      await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: endpointKey(ownerId, id),
            UpdateExpression: 'SET #status = :active, failing_since = :none',
            ConditionExpression: 'attribute_exists(pk) AND #status = :failing',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':failing': 'failing', ':active': 'active', ':none': null },
          }),
        ),
      );
    },

    /**
     * Records an event and its deliveries, counted against the owner's day, all or nothing. 'duplicate' when
     * the event was recorded before (a redelivered queue message); 'limit' when the day's count is used up.
     */
    async recordEvent(
      ownerId: string,
      event: StoredEvent | null,
      deliveries: readonly StoredDelivery[],
      at: Date,
    ): Promise<'recorded' | 'duplicate' | 'limit'> {
      const day = at.toISOString().slice(0, 10);
      const eventItems = event
        ? [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...eventKey(ownerId, event.id),
                  ...event,
                  expires_at: epochSeconds(at, WEBHOOK_DELIVERY.keepDays),
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ]
        : [];
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              ...eventItems,
              ...(deliveries.length
                ? [
                    {
                      Update: {
                        TableName: tableName,
                        Key: dayCountKey(ownerId, day),
                        UpdateExpression: 'ADD deliveries :n SET expires_at = :expires',
                        ConditionExpression: 'attribute_not_exists(deliveries) OR deliveries <= :room',
                        ExpressionAttributeValues: {
                          ':n': deliveries.length,
                          ':room': WEBHOOK_LIMITS.deliveriesPerDay - deliveries.length,
                          ':expires': epochSeconds(at, 2),
                        },
                      },
                    },
                  ]
                : []),
              ...deliveries.map((delivery) => ({
                Put: { TableName: tableName, Item: deliveryItem(delivery) },
              })),
            ],
          }),
        );
        return 'recorded';
      } catch (error) {
        const failures = transactionConditionFailures(error);
        if (event && failures?.[0]) return 'duplicate';
        if (failures?.[eventItems.length]) return 'limit';
        throw error;
      }
    },

    /** A delivery of an event already recorded (a replay) or with its own event (a test send). */
    async addDelivery(delivery: StoredDelivery, event: StoredEvent | null, at: Date) {
      const result = await this.recordEvent(delivery.owner_id, event, [delivery], at);
      return result === 'recorded' ? 'recorded' : 'limit';
    },

    async getEvent(ownerId: string, id: string): Promise<StoredEvent | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: eventKey(ownerId, id), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return {
        id: String(Item.id),
        type: Item.type as WebhookEvent,
        body: String(Item.body),
        created_at: String(Item.created_at),
      };
    },

    async getDelivery(ownerId: string, target: TargetRef, id: string): Promise<StoredDelivery | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: deliveryKey(ownerId, target, id), ConsistentRead: true }),
      );
      return Item ? deliveryOf(Item) : undefined;
    },

    /** The target's latest deliveries, newest first. */
    async listDeliveries(ownerId: string, target: TargetRef, limit: number): Promise<StoredDelivery[]> {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': userKey(ownerId), ':prefix': deliveryPrefix(target) },
          ScanIndexForward: false,
          Limit: limit,
          ConsistentRead: true,
        }),
      );
      return (Items ?? []).map(deliveryOf);
    },

    /**
     * The first pending delivery with the same ordering key on this target, before (`before`) or after
     * (`after`) the given one, within the retry window (older ones are settled by then).
     */
    async pendingInOrder(
      delivery: StoredDelivery,
      direction: 'before' | 'after',
    ): Promise<StoredDelivery | undefined> {
      if (!delivery.order_key) return undefined;
      const target = { kind: delivery.target_kind, id: delivery.target_id };
      const prefix = deliveryPrefix(target);
      const own = deliveryKey(delivery.owner_id, target, delivery.id).sk;
      const windowMs = (WEBHOOK_DELIVERY.retryWindowHours + 1) * 3_600_000;
      const created = Date.parse(delivery.created_at);
      const bound = (ms: number) => `${prefix}${deliveryIdTime(new Date(ms))}`;
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        FilterExpression: '#status = :pending AND order_key = :key AND #id <> :ownId',
        ExpressionAttributeNames: { '#status': 'status', '#id': 'id' },
        ExpressionAttributeValues: {
          ':pk': userKey(delivery.owner_id),
          ':from': direction === 'before' ? bound(created - windowMs) : own,
          ':to': direction === 'before' ? own : `${prefix}~`,
          ':pending': 'pending',
          ':key': delivery.order_key,
          ':ownId': delivery.id,
        },
        ScanIndexForward: direction === 'after',
        ConsistentRead: true,
      })) {
        return deliveryOf(item);
      }
      return undefined;
    },

    /**
     * Takes a pending delivery for one attempt: no other worker holds it (or its hold lapsed). False when
     * it is settled or held: a duplicate queue message then does nothing.
     */
    async claim(delivery: StoredDelivery, at: Date): Promise<boolean> {
      const target = { kind: delivery.target_kind, id: delivery.target_id };
      return unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: deliveryKey(delivery.owner_id, target, delivery.id),
            UpdateExpression: 'SET lease_until = :until',
            ConditionExpression:
              '#status = :pending AND (attribute_not_exists(lease_until) OR lease_until < :now)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':pending': 'pending',
              ':now': at.toISOString(),
              ':until': new Date(at.getTime() + WEBHOOK_DELIVERY.leaseSeconds * 1000).toISOString(),
            },
          }),
        ),
      );
    },

    /** Stores a delivery's new state (after an attempt, a wait or a replay reset); drops any hold. */
    async saveDelivery(delivery: StoredDelivery): Promise<void> {
      const { lease_until: _lease, ...rest } = delivery;
      await doc.send(new PutCommand({ TableName: tableName, Item: deliveryItem(rest) }));
    },

    /** Pending deliveries due by `at`, oldest first (the sweep's read of the due index). */
    async *due(at: Date, limit: number): AsyncGenerator<DueDelivery> {
      let count = 0;
      for await (const item of queryAll(doc, {
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :at',
        ExpressionAttributeValues: { ':pk': WEBHOOK_DUE_PK, ':at': `${at.toISOString()}#~` },
      })) {
        if (count++ >= limit) return;
        yield {
          owner_id: String(item.owner_id),
          target: { kind: item.target_kind as TargetRef['kind'], id: String(item.target_id) },
          delivery_id: String(item.id),
        };
      }
    },

    /** Removes an endpoint's deliveries' due entries when it is deleted (they would fail anyway). */
    async deleteDelivery(ownerId: string, target: TargetRef, id: string): Promise<void> {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: deliveryKey(ownerId, target, id) }));
    },
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;

/**
 * Delivery ids sort by creation time (the ordering rule and the log read them in key order): the time in
 * milliseconds, zero-padded, then a random suffix that keeps two deliveries of one millisecond apart.
 */
export const deliveryIdTime = (at: Date) => String(at.getTime()).padStart(14, '0');
