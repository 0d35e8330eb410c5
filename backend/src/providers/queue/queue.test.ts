import { describe, expect, it } from 'vitest';
import { NOTIFICATION_FAN_OUT } from '@shared/notifications-fan-out';
import { createLogger } from '../../platform/logging/logger';
import { chooseQueue } from './choose';
import { createLocalQueue } from '../../local/sqs/local-queue';
import { sendBatches } from './sqs';

describe('message queues', () => {
  it('splits SQS sends at 10 entries and at 256 KB', () => {
    expect(sendBatches(Array.from({ length: 23 }, () => 'x')).map((b) => b.length)).toEqual([10, 10, 3]);
    const big = 'y'.repeat(100 * 1024);
    expect(sendBatches([big, big, big]).map((b) => b.length)).toEqual([2, 1]);
    expect(() => sendBatches(['z'.repeat(NOTIFICATION_FAN_OUT.maxSendBytes + 1)])).toThrow(/too large/);
  });

  it('locally redelivers a failing message up to maxReceiveCount, then keeps it as dead', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const seen: string[] = [];
    const queue = createLocalQueue(
      async (body) => {
        seen.push(body);
        if (body === 'bad' || (body === 'flaky' && seen.filter((b) => b === 'flaky').length === 1))
          throw new Error(`no ${body}`);
      },
      {
        maxReceiveCount: 3,
        concurrency: 2,
        logger: createLogger((line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
      },
    );
    await queue.send(['ok', 'flaky', 'bad']);
    expect(seen.filter((b) => b === 'ok')).toHaveLength(1);
    expect(seen.filter((b) => b === 'flaky')).toHaveLength(2);
    expect(seen.filter((b) => b === 'bad')).toHaveLength(3);
    expect(queue.deadLetters).toEqual(['bad']);
    expect(lines.filter((l) => l.message === 'queue.dead_lettered')).toHaveLength(1);
  });

  it('never runs the local queue in AWS: without a URL it refuses, naming the setting', async () => {
    const local = () =>
      createLocalQueue(async () => {}, {
        maxReceiveCount: 1,
        concurrency: 1,
        logger: createLogger(() => {}),
      });
    const config = { region: 'us-east-1', url: undefined, endpoint: undefined };
    await expect(chooseQueue({ ...config, appEnv: 'aws' }, 'QUEUE_URL', local).send(['x'])).rejects.toThrow(
      'QUEUE_URL is not set',
    );
    await expect(
      chooseQueue({ ...config, appEnv: 'local' }, 'QUEUE_URL', local).send(['x']),
    ).resolves.toBeUndefined();
  });
});
