import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_DATA,
  WEBHOOK_PAYLOAD_VERSION,
  WEBHOOK_SAMPLES,
  webhookEventSchema,
  type WebhookEnvelope,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookTarget,
} from '@shared/schemas/webhook-events';
import { WEBHOOK_DELIVERY, WEBHOOK_LIMITS } from '@shared/webhooks';
import type { WebhooksDeps, WebhookTargets } from './deps';
import { deliveryIdTime, type StoredDelivery, type StoredEvent, type TargetRef } from './records/index';
import { deadlineOf, nextAttemptAt, withAttempt } from './retry-rules';
import { signedHeaders } from './signing';

/**
 * The sender (docs/decisions/178-outbound-webhooks.md). Emitting costs one queue message: no read, no
 * write, no HTTP on the conversation's path. The queue's worker then fans the event out (records it and one
 * delivery per target, all or nothing, counted against the owner's day) and attempts each delivery. A failed
 * attempt sets the next attempt time in the due index; the notification sweep re-queues what is due. Each
 * delivery waits while an earlier one with the same ordering key (the conversation) is pending for its target,
 * so a receiver sees one conversation's events in order. At least once: a claim (lease) keeps two workers
 * from sending one delivery at once, and a lost message is caught by the sweep (every new delivery is due a
 * few minutes after it is made).
 */
const queueMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('event'),
    owner_id: z.string().min(1).max(128),
    id: z.string().min(1).max(64),
    type: webhookEventSchema,
    timestamp: z.iso.datetime(),
    data: z.record(z.string(), z.unknown()),
    order_key: z.string().max(200).nullable(),
  }),
  z.object({
    kind: z.literal('deliver'),
    owner_id: z.string().min(1).max(128),
    target_kind: z.enum(['endpoint', 'hook']),
    target_id: z.string().min(1).max(128),
    delivery_id: z.string().min(1).max(64),
    /** Local runs with a moved clock (the sweep's `at`): the attempt is judged as of then. */
    at: z.iso.datetime().optional(),
  }),
]);
type QueueMessage = z.infer<typeof queueMessageSchema>;
type DeliverMessage = Extract<QueueMessage, { kind: 'deliver' }>;

export type EmitWebhookEvent = <E extends WebhookEvent>(
  ownerId: string,
  type: E,
  data: WebhookEventData<E>,
  orderingKey: string | null,
) => Promise<void>;

/** Sortable, unique: the time first, so ids sort as deliveries were made. */
const newDeliveryId = (at: Date) => `${deliveryIdTime(at)}${randomBytes(4).toString('hex')}`;
export const newEventId = () => `msg_${randomBytes(12).toString('base64url')}`;

export function createWebhookSender(deps: WebhooksDeps, targets: WebhookTargets) {
  const { data, logger } = deps;
  /** Local: queue sends that run in the background (emits); `settled` waits for them (tests, local routes). */
  const inFlight = new Set<Promise<unknown>>();

  async function enqueue(messages: QueueMessage[], options: { wait: boolean }) {
    if (messages.length === 0) return;
    const bodies = messages.map((message) => JSON.stringify(message));
    if (!deps.queueIsInProcess || options.wait) return deps.queue.send(bodies);
    // The in-process queue handles a message before `send` resolves: never on the caller's path.
    const running = deps.queue
      .send(bodies)
      .catch((error: unknown) => logger.error('webhooks.local_queue_failed', { error: String(error) }))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  const deliverMessage = (delivery: StoredDelivery, at?: Date): DeliverMessage => ({
    kind: 'deliver',
    owner_id: delivery.owner_id,
    target_kind: delivery.target_kind,
    target_id: delivery.target_id,
    delivery_id: delivery.id,
    ...(at ? { at: at.toISOString() } : {}),
  });

  function newDelivery(
    ownerId: string,
    target: TargetRef,
    event: Pick<StoredEvent, 'id' | 'type'>,
    at: Date,
    extra: { order_key: string | null; replay_of: string | null; test: boolean },
  ): StoredDelivery {
    return {
      owner_id: ownerId,
      target_kind: target.kind,
      target_id: target.id,
      id: newDeliveryId(at),
      event_id: event.id,
      event_type: event.type,
      ...extra,
      status: 'pending',
      attempts: 0,
      attempt_log: [],
      response_code: null,
      latency_ms: null,
      response_excerpt: null,
      error: null,
      // The safety net: due soon even if its queue message is lost.
      next_attempt_at: new Date(at.getTime() + WEBHOOK_DELIVERY.safetyNetMinutes * 60_000).toISOString(),
      deadline_at: deadlineOf(at).toISOString(),
      created_at: at.toISOString(),
    };
  }

  async function envelopeOf(
    ownerId: string,
    message: { id: string; type: WebhookEvent; timestamp: string; data: Record<string, unknown> },
  ): Promise<string> {
    const envelope: WebhookEnvelope = {
      id: message.id,
      type: message.type,
      version: WEBHOOK_PAYLOAD_VERSION,
      timestamp: message.timestamp,
      business_id: await deps.businessIdOf(ownerId),
      data: message.data,
    };
    return JSON.stringify(envelope);
  }

  /** The worker's first step: who gets the event; the event and its deliveries recorded at once. */
  async function fanOut(message: Extract<QueueMessage, { kind: 'event' }>) {
    const ownerId = message.owner_id;
    const all = await targets.list(ownerId, message.type);
    if (all.length === 0) return;
    const chosen = all.slice(0, WEBHOOK_LIMITS.targetsPerEvent);
    if (all.length > chosen.length)
      logger.warn('webhooks.too_many_targets', { owner_id: ownerId, targets: all.length });
    const at = new Date(message.timestamp);
    const event: StoredEvent = {
      id: message.id,
      type: message.type,
      body: await envelopeOf(ownerId, message),
      created_at: message.timestamp,
    };
    const deliveries = chosen.map((target) =>
      newDelivery(ownerId, target, event, at, { order_key: message.order_key, replay_of: null, test: false }),
    );
    const recorded = await data.webhooks.recordEvent(ownerId, event, deliveries, at);
    if (recorded === 'limit') {
      logger.warn('webhooks.daily_limit', { owner_id: ownerId, event_id: event.id, type: event.type });
      return;
    }
    if (recorded === 'duplicate') return; // the first copy queued them; the sweep covers a lost one
    await enqueue(
      deliveries.map((delivery) => deliverMessage(delivery)),
      { wait: true },
    );
  }

  /** One attempt of one delivery, if it is pending, unheld and first in its order. */
  async function attempt(message: DeliverMessage) {
    // A moved clock (local runs) is passed on to the next delivery in order; otherwise each worker's own time.
    const asOf = message.at ? new Date(message.at) : undefined;
    const at = asOf ?? deps.now();
    const target: TargetRef = { kind: message.target_kind, id: message.target_id };
    const delivery = await data.webhooks.getDelivery(message.owner_id, target, message.delivery_id);
    if (!delivery || delivery.status !== 'pending') return;
    const earlier = await data.webhooks.pendingInOrder(delivery, 'before');
    if (earlier) {
      // In order per conversation: wait for the earlier one, which queues this one when it settles.
      const after = Math.max(Date.parse(earlier.next_attempt_at ?? '') || 0, at.getTime()) + 60_000;
      await data.webhooks.saveDelivery({ ...delivery, next_attempt_at: new Date(after).toISOString() });
      return;
    }
    if (!(await data.webhooks.claim(delivery, at))) return;

    const [found, event] = await Promise.all([
      targets.get(message.owner_id, target.kind, target.id),
      data.webhooks.getEvent(message.owner_id, delivery.event_id),
    ]);
    if (!found || !event) {
      await settle({
        ...delivery,
        status: 'skipped',
        error: found ? 'The event is no longer kept' : 'The endpoint was deleted or disabled',
        next_attempt_at: null,
      });
      return;
    }
    const timestamp = Math.floor(at.getTime() / 1000);
    const result = await deps.post(
      found.url,
      signedHeaders(found.secrets, event.id, timestamp, event.body),
      event.body,
    );
    const attempts = delivery.attempts + 1;
    const next = result.ok ? null : nextAttemptAt(attempts, at, new Date(delivery.deadline_at));
    const updated: StoredDelivery = {
      ...delivery,
      attempts,
      attempt_log: withAttempt(delivery.attempt_log, {
        at: at.toISOString(),
        response_code: result.responseCode,
        latency_ms: result.latencyMs,
        error: result.error,
      }),
      response_code: result.responseCode,
      latency_ms: result.latencyMs,
      response_excerpt: result.excerpt,
      error: result.error,
      status: result.ok ? 'delivered' : next ? 'pending' : 'failed',
      next_attempt_at: next ? next.toISOString() : null,
    };
    logger.info('webhooks.attempt', {
      owner_id: delivery.owner_id,
      target_kind: target.kind,
      target_id: target.id,
      delivery_id: delivery.id,
      event_type: delivery.event_type,
      attempt: attempts,
      response_code: result.responseCode,
      latency_ms: result.latencyMs,
      status: updated.status,
    });
    if (updated.status === 'pending') return data.webhooks.saveDelivery(updated);
    await settle(updated, asOf);
    if (target.kind !== 'endpoint') return;
    if (updated.status === 'delivered') await data.webhooks.markHealthy(delivery.owner_id, target.id);
    else if (await data.webhooks.markFailing(delivery.owner_id, target.id, at)) {
      try {
        await deps.tellOwnerFailing(delivery.owner_id, { id: target.id, url: found.url });
      } catch (error) {
        logger.warn('webhooks.tell_owner_failed', { owner_id: delivery.owner_id, error: String(error) });
      }
    }
  }

  /** Stores a settled delivery and queues the next one of its order, which waited for it. */
  async function settle(delivery: StoredDelivery, asOf?: Date) {
    await data.webhooks.saveDelivery(delivery);
    const next = await data.webhooks.pendingInOrder(delivery, 'after');
    if (next) await enqueue([deliverMessage(next, asOf)], { wait: false });
  }

  return {
    /**
     * Emits one event (`emitWebhookEvent`): checks its payload, queues one message. Never throws: a failure
     * is logged, and never fails the conversation, booking or payment that emitted it.
     */
    emit: (async (ownerId, type, payload, orderingKey) => {
      try {
        const parsed = WEBHOOK_EVENT_DATA[type].safeParse(payload);
        if (!parsed.success) {
          logger.error('webhooks.bad_payload', { type, issue: parsed.error.issues[0]?.message });
          return;
        }
        await enqueue(
          [
            {
              kind: 'event',
              owner_id: ownerId,
              id: newEventId(),
              type,
              timestamp: deps.now().toISOString(),
              data: parsed.data as Record<string, unknown>,
              order_key: orderingKey,
            },
          ],
          { wait: false },
        );
      } catch (error) {
        logger.error('webhooks.emit_failed', { owner_id: ownerId, type, error: String(error) });
      }
    }) as EmitWebhookEvent,

    /** One queue message (the worker Lambda's records, the local queue). Rejects only on faults: redelivered. */
    async handle(body: string) {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const parsed = queueMessageSchema.safeParse(json);
      if (!parsed.success) {
        logger.error('webhooks.bad_message', { issue: parsed.error.issues[0]?.message });
        throw new Error('Not a webhook queue message');
      }
      if (parsed.data.kind === 'event') await fanOut(parsed.data);
      else await attempt(parsed.data);
    },

    /**
     * The sweep's part (every 2 minutes, beside the notification jobs): queues the deliveries due by `at`.
     * `asOf` is a local run's moved clock: their attempts are judged as of then.
     */
    async sweep(at: Date, asOf?: Date) {
      const due: DeliverMessage[] = [];
      for await (const entry of data.webhooks.due(at, 500))
        due.push({
          kind: 'deliver',
          owner_id: entry.owner_id,
          target_kind: entry.target.kind,
          target_id: entry.target.id,
          delivery_id: entry.delivery_id,
          ...(asOf ? { at: asOf.toISOString() } : {}),
        });
      await enqueue(due, { wait: true });
      return { queued: due.length };
    },

    /**
     * A test send (the event's sample payload, to one endpoint) or a replay (the same event, so the same
     * `webhook-id`, as a new delivery). Counted against the day like any delivery.
     */
    async sendNow(
      ownerId: string,
      target: WebhookTarget,
      request: { test: WebhookEvent } | { replay: StoredDelivery },
    ): Promise<StoredDelivery | 'limit' | 'gone'> {
      const at = deps.now();
      let event: Pick<StoredEvent, 'id' | 'type'>;
      let newEvent: StoredEvent | null = null;
      if ('test' in request) {
        const id = newEventId();
        const sample = WEBHOOK_SAMPLES[request.test];
        newEvent = {
          id,
          type: request.test,
          body: await envelopeOf(ownerId, {
            id,
            type: request.test,
            timestamp: at.toISOString(),
            data: sample as Record<string, unknown>,
          }),
          created_at: at.toISOString(),
        };
        event = newEvent;
      } else {
        const kept = await data.webhooks.getEvent(ownerId, request.replay.event_id);
        if (!kept) return 'gone';
        event = kept;
      }
      const delivery = newDelivery(ownerId, target, event, at, {
        order_key: null,
        replay_of: 'replay' in request ? request.replay.id : null,
        test: 'test' in request,
      });
      if ((await data.webhooks.addDelivery(delivery, newEvent, at)) === 'limit') return 'limit';
      await enqueue([deliverMessage(delivery)], { wait: false });
      return delivery;
    },

    /** An endpoint's delivery log, newest first. */
    deliveries: (ownerId: string, endpointId: string, limit: number) =>
      data.webhooks.listDeliveries(ownerId, { kind: 'endpoint', id: endpointId }, limit),
    delivery: (ownerId: string, endpointId: string, deliveryId: string) =>
      data.webhooks.getDelivery(ownerId, { kind: 'endpoint', id: endpointId }, deliveryId),

    /** Local runs and tests: resolves once background queue sends (emits, test sends) were handled. */
    async settled() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
