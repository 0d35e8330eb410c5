/**
 * A queue of work messages (docs/decisions/162-notification-fan-out.md): Amazon SQS in AWS; locally an
 * in-process queue that hands each message to the worker as the SQS event source would.
 */
export interface MessageQueue {
  /**
   * Sends each body as one message. Resolves once the queue holds them all (locally: once each was handled,
   * retried or set aside as dead); rejects when the queue refused any of them.
   */
  send(bodies: readonly string[]): Promise<void>;
}

export type QueueConfig = {
  appEnv: 'local' | 'test' | 'aws';
  region: string;
  /** The queue's URL (NOTIFICATIONS_QUEUE_URL); unset locally, where the in-process queue runs. */
  url: string | undefined;
  /** Another SQS API host (SQS_ENDPOINT, local only: tests point it at tests/fakes/sqs). */
  endpoint: string | undefined;
};

/** In AWS without the queue's URL: the scheduled run fails loudly (its alarm fires) instead of doing nothing. */
export const queueNotConfigured = (setting: string): MessageQueue => ({
  send: async () => {
    throw new Error(`${setting} is not set: the notification jobs have no queue to fan out through`);
  },
});

/** Where no queue service is: batches handed to the consumer in-process (backend/src/local/sqs/). */
export type QueueStandIn = (
  deliver: (body: string) => Promise<void>,
  options: { maxReceiveCount: number; concurrency: number },
) => MessageQueue;
