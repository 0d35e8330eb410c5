import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppData } from '../../backend/src/entry/app-data';
import { loadConfig } from '../../backend/src/platform/config/env';
import { createRateLimiter } from '../../backend/src/platform/dynamo/rate-limits';
import { createLogger } from '../../backend/src/platform/logging/logger';
import { createLocalQueue } from '../../backend/src/local/sqs/local-queue';
import { webhooksFromApp } from '../../backend/src/capabilities/webhooks/index';
import { WEBHOOK_SAMPLES } from '../../shared/schemas/webhook-events';
import { formatTable, goalMark } from '../report';
import { percentile, round } from '../stats';
import { withBenchTables } from './read-scale';

const GOAL_P50_MS = 5;
const ENDPOINTS = 5;
const OWNER = 'bench-webhook-owner';

export type WebhookFanoutFigure = {
  measuredAt: string;
  events: number;
  endpoints: number;
  emitP50Ms: number;
  emitP99Ms: number;
  deliveredP50Ms: number;
  delivered: number;
  goalP50Ms: number;
  method: string;
};

/**
 * `webhook_fanout` (docs/decisions/178-outbound-webhooks.md): what emitting one event costs the conversation's
 * end when the owner has 5 endpoints. Emitting queues one message; fan-out (event + 5 deliveries in one
 * transaction) and the 5 signed POSTs happen on the queue's workers. Goal: p50 of the emit ≤ 5 ms. Also
 * reported: how long until all 5 receivers had the event (p50), and that every delivery arrived.
 */
export async function measureWebhookFanout(
  settings: { events: number },
  log: (line: string) => void,
): Promise<WebhookFanoutFigure> {
  const arrivals = new Map<string, number[]>();
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const id = (JSON.parse(body) as { data: { conversation_id: string } }).data.conversation_id;
      arrivals.set(id, [...(arrivals.get(id) ?? []), performance.now()]);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  try {
    return await withBenchTables(['bench-webhooks'], async ({ doc }) => {
      const logger = createLogger(() => undefined);
      const now = () => new Date();
      const config = loadConfig({
        APP_ENV: 'local',
        TABLE_NAME: 'bench-webhooks',
        DYNAMODB_ENDPOINT: 'http://127.0.0.1:1',
        WEBHOOK_LOCAL_ALLOWED_HOSTS: '127.0.0.1',
      });
      const webhooks = webhooksFromApp({
        config,
        logger,
        now,
        rateLimiter: createRateLimiter(doc, 'bench-webhooks'),
        data: createAppData({ doc, tableName: 'bench-webhooks', now }),
        email: { send: async () => ({ id: 'none' }) },
        standIns: { queue: (deliver, options) => createLocalQueue(deliver, { ...options, logger }) },
        businessIdOf: async () => 'biz_bench',
        ownerEmailOf: async () => undefined,
      });
      for (let i = 0; i < ENDPOINTS; i += 1)
        await webhooks.endpoints.create(OWNER, {
          url: `http://127.0.0.1:${port}/hook-${i}`,
          events: ['conversation.completed'],
          description: '',
        });
      log(`emitting ${settings.events} events to ${ENDPOINTS} endpoints…`);
      const emitMs: number[] = [];
      const emittedAt = new Map<string, number>();
      for (let n = 0; n < settings.events; n += 1) {
        const started = performance.now();
        await webhooks.emit(
          OWNER,
          'conversation.completed',
          { ...WEBHOOK_SAMPLES['conversation.completed'], conversation_id: `conv_${n}` },
          `conv_${n}`,
        );
        emitMs.push(performance.now() - started);
        emittedAt.set(`conv_${n}`, started);
        // A conversation ends now and then, not in a tight loop: the workers run between ends.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await webhooks.sender.settled();
      const delivered = [...arrivals.values()].reduce((sum, times) => sum + times.length, 0);
      if (delivered !== settings.events * ENDPOINTS)
        throw new Error(`${delivered} deliveries arrived, expected ${settings.events * ENDPOINTS}`);
      // The first emit warms the JIT and DynamoDB Local: left out, as every stage's warm-up.
      const sorted = emitMs.slice(1).sort((a, b) => a - b);
      // From the emit to the fifth receiver's arrival, per event.
      const fanoutMs = [...arrivals.entries()]
        .map(([id, times]) => Math.max(...times) - emittedAt.get(id)!)
        .sort((a, b) => a - b);
      return {
        measuredAt: new Date().toISOString(),
        events: settings.events,
        endpoints: ENDPOINTS,
        emitP50Ms: round(percentile(sorted, 50), 2),
        emitP99Ms: round(percentile(sorted, 99), 2),
        deliveredP50Ms: round(percentile(fanoutMs, 50), 1),
        delivered,
        goalP50Ms: GOAL_P50_MS,
        method:
          'webhooksFromApp over DynamoDB Local and the in-process queue; emit = payload check + one queue message (the conversation waits for nothing else); fan-out and signed POSTs to a node:http receiver run on the queue workers',
      };
    });
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

export const formatWebhookFanout = (figure: WebhookFanoutFigure) =>
  formatTable([
    ['webhook_fanout', 'events', 'endpoints', 'emit p50 ms', 'emit p99 ms', 'all 5 received p50 ms'],
    [
      `goal p50 ≤ ${figure.goalP50Ms} ms`,
      String(figure.events),
      String(figure.endpoints),
      `${figure.emitP50Ms} ${goalMark(figure.emitP50Ms <= figure.goalP50Ms)}`,
      String(figure.emitP99Ms),
      String(figure.deliveredP50Ms),
    ],
  ]);
