import { randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_FAN_OUT } from '../../shared/notifications-fan-out';
import { writeInBatches } from '../../backend/src/platform/dynamo/batch-write';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { dueHourOf } from '../../backend/src/capabilities/notifications/records/notification-records';
import { batchesOf, runIdOf } from '../../backend/src/capabilities/notifications/fan-out';
import { createNotificationJobs } from '../../backend/src/capabilities/notifications/jobs';
import { createNotificationsHandler } from '../../backend/src/capabilities/notifications/event-handler';
import type { AppDeps } from '../../backend/src/entry/app-types';
import { startFakeSqs } from '../fakes/sqs/fake-sqs';
import { createTestApp } from '../support/test-app';

const OWNERS = Number(process.env.FANOUT_OWNERS ?? 10_000);
const HOUR = 3_600_000;
const LA = 'America/Los_Angeles';
/**
 * A fixed instant ahead of the real time (DynamoDB Local's TTL deletes items whose expiry has passed), 10
 * minutes into an hour, so both starts of a run fall in one slot.
 */
const NOW = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR + 10 * 60_000 + 30_000);
const ownerName = (index: number) => `owner-${String(index).padStart(5, '0')}`;

/** Counts calls per key, to tell "handled once" from "handled twice". */
function counter() {
  const counts = new Map<string, number>();
  return {
    counts,
    hit: (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1),
    twice: () => [...counts].filter(([, count]) => count > 1).map(([key]) => key),
  };
}

type Doc = Awaited<ReturnType<typeof createTestApp>>['doc'];

/** Seeds items with BatchWriteItem, four streams at once. */
async function seed(doc: Doc, tableName: string, items: Array<Record<string, unknown>>) {
  await Promise.all(
    batchesOf(items, Math.ceil(items.length / 4)).map((part) =>
      writeInBatches(
        doc,
        tableName,
        part.map((Item) => ({ PutRequest: { Item } })),
      ),
    ),
  );
}

/** `owners` due markers one to three hours before NOW (every tenth owner has a second, in another hour). */
function dueMarkers(deps: AppDeps, owners: number, prefix = 'owner') {
  return Array.from({ length: owners }, (_, index) => {
    const ownerId = `${prefix}-${String(index).padStart(5, '0')}`;
    const hours = index % 10 === 0 ? [1 + (index % 3), 1 + ((index + 1) % 3)] : [1 + (index % 3)];
    return hours.map((ago) => ({
      ownerId,
      conversationId: `${ownerId}-conv-${ago}`,
      item: deps.data.notifications.duePut(
        `${ownerId}-conv-${ago}`,
        ownerId,
        new Date(NOW.getTime() - ago * HOUR),
      ).Put.Item,
    }));
  }).flat();
}

async function dueLeft(doc: Doc, tableName: string) {
  let left = 0;
  for (const ago of [1, 2, 3]) {
    const { Count } = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': keys.notificationDue(dueHourOf(new Date(NOW.getTime() - ago * HOUR)), '').pk,
        },
        Select: 'COUNT',
      }),
    );
    left += Count ?? 0;
  }
  return left;
}

describe('Notification jobs fan out through a queue, one batch of owners per message', async () => {
  const sqs = await startFakeSqs();
  afterAll(() => sqs.stop());

  it(`${OWNERS} owners: two sweeps of one slot in parallel hand every owner to a worker once`, async () => {
    const { deps, doc, tableName } = await createTestApp({}, { now: () => NOW });
    const started = Date.now();
    const markers = dueMarkers(deps, OWNERS);
    await seed(
      doc,
      tableName,
      markers.map((m) => m.item),
    );
    const seeded = Date.now();
    // The worker's per-owner step is recorded here (the real one, with its reads and writes, runs in the
    // tests below on fewer owners): this test is about the listing, the queue, the batches and the claims.
    const ownerOf = new Map(markers.map((m) => [m.conversationId, m.ownerId]));
    const owners = counter();
    const conversations = counter();
    deps.notifier.sweepDue = async (due) => {
      owners.hit(ownerOf.get(due[0]!.conversation_id)!);
      for (const marker of due) conversations.hit(marker.conversation_id);
      return { looked: due.length, closed: 0, sent: 0, failed: 0 };
    };

    const [first, second] = await Promise.all([
      createNotificationJobs(deps).run(['sweep']),
      createNotificationJobs(deps).run(['sweep']),
    ]);
    console.info(
      `fan-out: seeded ${markers.length} markers in ${seeded - started} ms; two sweeps in ${Date.now() - seeded} ms`,
    );

    // Both starts are the same run (the slot); each listed every owner, in batches of ownersPerBatch.
    expect(first.sweep!.run_id).toBe(runIdOf('sweep', NOW));
    expect(second.sweep!.run_id).toBe(first.sweep!.run_id);
    for (const run of [first, second]) {
      expect(run.sweep!.owners).toBe(OWNERS);
      expect(run.sweep!.batches).toBe(Math.ceil(OWNERS / NOTIFICATION_FAN_OUT.ownersPerBatch));
    }
    // Every owner was handled once, with all its markers (from every hour) in one go.
    expect(owners.counts.size).toBe(OWNERS);
    expect(owners.twice()).toEqual([]);
    expect(conversations.counts.size).toBe(markers.length);
    expect(conversations.twice()).toEqual([]);
    for (const index of [0, 1, Math.floor(OWNERS / 2), OWNERS - 1])
      expect(await deps.data.notifications.runState('sweep', first.sweep!.run_id, ownerName(index))).toBe(
        'done',
      );
  }, 180_000);

  it('the real sweep: two runs of one slot in parallel look at each due conversation once and clear it', async () => {
    const { deps, doc, tableName } = await createTestApp({}, { now: () => NOW });
    const markers = dueMarkers(deps, 120, 'real');
    await seed(
      doc,
      tableName,
      markers.map((m) => m.item),
    );
    // Their conversations are gone (erased): the sweep reads each state once and clears its marker.
    const looked = counter();
    const states = deps.data.conversationStates;
    const get = states.get.bind(states);
    states.get = async (id) => {
      looked.hit(id);
      return get(id);
    };
    const runs = await Promise.all([
      createNotificationJobs(deps).run(['sweep']),
      createNotificationJobs(deps).run(['sweep']),
    ]);
    // The run that lists first sees every owner; the other may list after some were already cleared.
    const owners = runs.map((run) => run.sweep!.owners);
    expect(Math.max(...owners)).toBe(120);
    expect(Math.min(...owners)).toBeLessThanOrEqual(120);
    expect(looked.counts.size).toBe(markers.length);
    expect(looked.twice()).toEqual([]);
    expect(await dueLeft(doc, tableName)).toBe(0);
  }, 60_000);

  it('the real digest: started twice in parallel, each owner gets one e-mail through the fan-out', async () => {
    const { deps } = await createTestApp({}, { now: () => NOW });
    const yesterday = new Date(NOW.getTime() - 24 * HOUR).toISOString();
    const owners = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const ownerId = randomUUID();
        const email = `digest-${index}-${ownerId.slice(0, 6)}@example.com`;
        await deps.data.businessConfigs.createConfig(ownerId, { business_name: `Shop ${index}` });
        await deps.data.businessConfigs.updateConfigFields(ownerId, {
          time_zone: LA,
          escalation_email: email,
        });
        await deps.data.conversations.saveConversations(ownerId, [
          {
            id: `conv-${index}`,
            business_id: ownerId,
            channel: 'voice',
            caller: '+14155550123',
            started_at: yesterday,
            ended_at: yesterday,
            summary: 'Asked about hours',
            actions: [],
            transcript: [{ speaker: 'caller', text: 'Hours?', at: yesterday }],
            objectives_met: {},
            amount_collected_cents: 0,
            escalated: false,
            outcome: 'answered',
          },
        ]);
        await deps.data.notifications.addDigestRecipient(ownerId, LA, NOW);
        return email;
      }),
    );
    const runs = await Promise.all([
      createNotificationJobs(deps).run(['digest'], { anyHour: true }),
      createNotificationJobs(deps).run(['digest'], { anyHour: true }),
    ]);
    expect(runs[1]!.digest!.run_id).toBe(runs[0]!.digest!.run_id);
    expect(runs[0]!.digest).toMatchObject({ owners: 30, batches: 2 });
    const mail = (await deps.localOutbox!.list()).filter((m) => m.kind === 'notification-digest');
    for (const email of owners) expect(mail.filter((m) => m.to === email)).toHaveLength(1);
  }, 60_000);

  it('a failing owner is retried alone; one that keeps failing is dead-lettered and its claim released', async () => {
    const { deps, doc, tableName, logLines } = await createTestApp({}, { now: () => NOW });
    await seed(
      doc,
      tableName,
      Array.from({ length: 30 }, (_, index) => ({
        ...keys.digestRecipient(LA, ownerName(index)),
        user_id: ownerName(index),
        time_zone: LA,
      })),
    );
    const calls = counter();
    const flaky = ownerName(3);
    const broken = ownerName(27);
    const digest = deps.notifier.digest;
    deps.notifier.digest = async (ownerId, zone, at) => {
      calls.hit(ownerId);
      if (ownerId === broken || (ownerId === flaky && calls.counts.get(ownerId) === 1))
        throw new Error('SES throttled');
      return digest(ownerId, zone, at);
    };
    const run = await createNotificationJobs(deps).run(['digest'], { anyHour: true });
    expect(run.digest).toMatchObject({ owners: 30, batches: 2 });
    // The flaky owner's batch came back once: only that owner was handled again.
    expect(calls.counts.get(flaky)).toBe(2);
    expect(calls.counts.get(broken)).toBe(NOTIFICATION_FAN_OUT.maxReceiveCount);
    expect(calls.twice().sort()).toEqual([broken, flaky].sort());
    expect(calls.counts.size).toBe(30);
    const dead = logLines.filter((line) => line.message === 'queue.dead_lettered');
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ level: 'error', receives: NOTIFICATION_FAN_OUT.maxReceiveCount });
    const runId = run.digest!.run_id;
    expect(await deps.data.notifications.runState('digest', runId, flaky)).toBe('done');
    expect(await deps.data.notifications.runState('digest', runId, broken)).toBeUndefined();
    expect(await deps.data.notifications.runState('digest', runId, ownerName(26))).toBe('done');
  }, 60_000);

  it('an SQS event: each message is one batch, and only the failed ones are reported back', async () => {
    const { deps } = await createTestApp({}, { now: () => NOW });
    deps.notifier.digest = async (ownerId) => {
      if (ownerId === 'bad-owner') throw new Error('boom');
      return false;
    };
    const jobs = createNotificationJobs(deps);
    const body = (owner: string) =>
      JSON.stringify({
        job: 'digest',
        run_id: 'run-1'.padEnd(36, '0').replace(/[^0-9a-f-]/g, '0'),
        at: NOW.toISOString(),
        owners: [{ owner_id: owner, time_zone: LA }],
      });
    const record = (messageId: string, text: string) => ({
      messageId,
      receiptHandle: `rh-${messageId}`,
      body: text,
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs' as const,
      eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:notifications',
      awsRegion: 'us-east-1',
    });
    const result = await jobs.consume({
      Records: [
        record('m-good', body('good-owner')),
        record('m-bad-json', '{"job":"digest"'),
        record('m-too-big', JSON.stringify({ job: 'sweep', run_id: 'x', owners: [] })),
        record('m-failing', body('bad-owner')),
      ],
    });
    expect(result).toEqual({
      batchItemFailures: [
        { itemIdentifier: 'm-bad-json' },
        { itemIdentifier: 'm-too-big' },
        { itemIdentifier: 'm-failing' },
      ],
    });
  });

  it('the function’s handler: the schedule’s event queues a run, an SQS event handles batches, anything else fails', async () => {
    const { deps, doc, tableName } = await createTestApp({}, { now: () => NOW });
    await seed(doc, tableName, [{ ...keys.digestRecipient(LA, 'o1'), user_id: 'o1', time_zone: LA }]);
    const handled = counter();
    deps.notifier.digest = async (ownerId) => {
      handled.hit(ownerId);
      return false;
    };
    const handler = createNotificationsHandler(createNotificationJobs(deps), deps.logger);
    // The digest hour is not 7:00 anywhere at NOW for most zones; the sweep finds nothing due.
    await expect(handler({ jobs: ['sweep'] })).resolves.toMatchObject({
      sweep: { run_id: runIdOf('sweep', NOW), owners: 0, batches: 0 },
    });
    const body = JSON.stringify({
      job: 'digest',
      run_id: runIdOf('digest', NOW),
      at: NOW.toISOString(),
      owners: [{ owner_id: 'o1', time_zone: LA }],
    });
    await expect(
      handler({ Records: [{ messageId: 'm1', body, eventSource: 'aws:sqs', receiptHandle: 'rh' }] }),
    ).resolves.toEqual({ batchItemFailures: [] });
    expect([...handled.counts]).toEqual([['o1', 1]]);
    await expect(handler({ jobs: ['everything'] })).rejects.toThrow(/takes \{"jobs"/);
    await expect(handler({ 'detail-type': 'Scheduled Event' })).rejects.toThrow(/takes \{"jobs"/);
  });

  it('the SQS adapter sends batches of 10 messages to the queue, retrying entries SQS failed, for workers to take', async () => {
    const dlq = sqs.createQueue(`notifications-dlq-${randomUUID().slice(0, 6)}`);
    const queueUrl = sqs.createQueue(`notifications-${randomUUID().slice(0, 6)}`, {
      deadLetterUrl: dlq,
      maxReceiveCount: NOTIFICATION_FAN_OUT.maxReceiveCount,
    });
    const { deps, doc, tableName } = await createTestApp(
      { NOTIFICATIONS_QUEUE_URL: queueUrl, SQS_ENDPOINT: sqs.endpoint },
      { now: () => NOW },
    );
    await seed(
      doc,
      tableName,
      Array.from({ length: 290 }, (_, index) => ({
        ...keys.digestRecipient(LA, ownerName(index)),
        user_id: ownerName(index),
        time_zone: LA,
      })),
    );
    const handled = counter();
    deps.notifier.digest = async (ownerId) => {
      handled.hit(ownerId);
      return false;
    };
    const sendsBefore = sqs.calls.filter((c) => c.action === 'SendMessageBatch').length;
    sqs.failNextEntries(2);
    const run = await createNotificationJobs(deps).run(['digest'], { anyHour: true });
    // 290 owners: 12 messages; two SendMessageBatch calls of 10 and 2, and one more for the 2 SQS failed.
    expect(run.digest).toMatchObject({ owners: 290, batches: 12 });
    const sends = sqs.calls.filter((c) => c.action === 'SendMessageBatch').slice(sendsBefore);
    expect(sends.map((c) => (c.input.Entries as unknown[]).length)).toEqual([10, 2, 2]);
    expect(sqs.bodies(queueUrl)).toHaveLength(12);
    expect(handled.counts.size).toBe(0);

    // A worker takes them as the event source would, and each owner is handled once.
    const client = new SQSClient({
      region: 'us-east-1',
      endpoint: sqs.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const jobs = createNotificationJobs(deps);
    for (;;) {
      const { Messages = [] } = await client.send(
        new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 5, VisibilityTimeout: 60 }),
      );
      if (Messages.length === 0) break;
      const result = await jobs.consume({
        Records: Messages.map((m) => ({ messageId: m.MessageId!, body: m.Body!, eventSource: 'aws:sqs' })),
      });
      expect(result.batchItemFailures).toEqual([]);
      for (const m of Messages)
        await client.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }));
    }
    expect(handled.counts.size).toBe(290);
    expect(handled.twice()).toEqual([]);
    expect(sqs.bodies(queueUrl)).toEqual([]);
  }, 60_000);

  it('a queue that refuses fails the run with SQS’s error; in AWS without a queue URL it says which setting', async () => {
    const missing = `${sqs.endpoint}/000000000000/no-such-queue`;
    const { deps, doc, tableName } = await createTestApp(
      { NOTIFICATIONS_QUEUE_URL: missing, SQS_ENDPOINT: sqs.endpoint },
      { now: () => NOW },
    );
    await seed(doc, tableName, [{ ...keys.digestRecipient(LA, 'o1'), user_id: 'o1', time_zone: LA }]);
    await expect(createNotificationJobs(deps).run(['digest'], { anyHour: true })).rejects.toMatchObject({
      name: 'QueueDoesNotExist',
    });
    const inAws = createNotificationJobs({
      ...deps,
      config: { ...deps.config, appEnv: 'aws', notificationsQueue: { url: undefined, endpoint: undefined } },
    });
    await expect(inAws.run(['digest'], { anyHour: true })).rejects.toThrow(
      'NOTIFICATIONS_QUEUE_URL is not set: the notification jobs have no queue to fan out through',
    );
  });
});
