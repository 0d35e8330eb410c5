import type { SQSClient } from '@aws-sdk/client-sqs';
import { NOTIFICATION_FAN_OUT } from '@shared/notifications-fan-out';
import type { MessageQueue } from './port';

export type SqsOptions = {
  queueUrl: string;
  region: string;
  /** Another SQS API host (tests point it at tests/fakes/sqs). */
  endpoint?: string;
  /** With an endpoint only; in AWS the Lambda role's credentials are used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const FAKE_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Splits bodies into SendMessageBatch calls: at most 10 entries and 256 KB each. */
export function sendBatches(bodies: readonly string[]): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = Buffer.byteLength(body);
    if (size > NOTIFICATION_FAN_OUT.maxSendBytes) throw new Error(`A message of ${size} bytes is too large`);
    if (
      current.length === NOTIFICATION_FAN_OUT.messagesPerSend ||
      bytes + size > NOTIFICATION_FAN_OUT.maxSendBytes
    ) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(body);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * Amazon SQS `SendMessageBatch`. Entries SQS reports failed for its own reasons (not the sender's) are sent
 * once more; anything still refused rejects, naming SQS's codes, so the scheduled run fails and is retried.
 */
export function createSqsQueue(options: SqsOptions): MessageQueue {
  // The SDK loads on the first send: only the scheduled run of the notifications function sends.
  let sdk:
    | Promise<{
        client: SQSClient;
        SendMessageBatchCommand: typeof import('@aws-sdk/client-sqs').SendMessageBatchCommand;
      }>
    | undefined;
  const loadSdk = () =>
    (sdk ??= import('@aws-sdk/client-sqs').then(({ SQSClient, SendMessageBatchCommand }) => ({
      SendMessageBatchCommand,
      client: new SQSClient({
        region: options.region,
        ...(options.endpoint
          ? { endpoint: options.endpoint, credentials: options.credentials ?? FAKE_CREDENTIALS }
          : {}),
        maxAttempts: 3,
      }),
    })));

  async function sendBatch(bodies: string[]) {
    const { client, SendMessageBatchCommand } = await loadSdk();
    let entries = bodies.map((body, index) => ({ Id: `m${index}`, MessageBody: body }));
    for (let attempt = 1; ; attempt += 1) {
      const result = await client.send(
        new SendMessageBatchCommand({ QueueUrl: options.queueUrl, Entries: entries }),
      );
      const failed = result.Failed ?? [];
      if (failed.length === 0) return;
      const retryable = failed.every((entry) => !entry.SenderFault);
      if (attempt >= 2 || !retryable) {
        const codes = [...new Set(failed.map((entry) => entry.Code))].join(', ');
        throw new Error(`SQS refused ${failed.length} of ${bodies.length} messages (${codes})`);
      }
      const failedIds = new Set(failed.map((entry) => entry.Id));
      entries = entries.filter((entry) => failedIds.has(entry.Id));
    }
  }

  return {
    async send(bodies) {
      for (const batch of sendBatches(bodies)) await sendBatch(batch);
    },
  };
}
