import type { Logger } from '../../platform/logging/logger';
import type { MessageQueue } from '../../providers/queue/port';

export type LocalQueueOptions = {
  /** Deliveries of a failing message before it is set aside, as SQS's redrive policy does. */
  maxReceiveCount: number;
  /** Messages handled at once, as the event source's maximum concurrency. */
  concurrency: number;
  logger: Logger;
};

/**
 * The local stand-in for SQS and its Lambda event source: each message goes to `consume`; a rejection is a
 * failed delivery, redelivered up to `maxReceiveCount` times, then kept in `deadLetters` (the dead-letter
 * queue) and logged as an error. `send` resolves when every message was handled or set aside, so the local
 * trigger route answers with the work done.
 */
export function createLocalQueue(consume: (body: string) => Promise<void>, options: LocalQueueOptions) {
  const deadLetters: string[] = [];

  async function deliver(body: string) {
    for (let receive = 1; ; receive += 1) {
      try {
        await consume(body);
        return;
      } catch (error) {
        if (receive >= options.maxReceiveCount) {
          deadLetters.push(body);
          options.logger.error('queue.dead_lettered', { receives: receive, error: String(error) });
          return;
        }
        options.logger.warn('queue.redelivered', { receive, error: String(error) });
      }
    }
  }

  const queue: MessageQueue & { deadLetters: readonly string[] } = {
    deadLetters,
    async send(bodies) {
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) await deliver(bodies[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, bodies.length) }, worker));
    },
  };
  return queue;
}
