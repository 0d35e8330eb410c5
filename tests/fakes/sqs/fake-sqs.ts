import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** SQS's limits on SendMessageBatch (its API reference). */
const MAX_BATCH_ENTRIES = 10;
const MAX_BATCH_BYTES = 262_144;
const ACCOUNT = '000000000000';

type StoredMessage = {
  id: string;
  body: string;
  receiveCount: number;
  visibleAt: number;
  receiptHandle?: string;
  sentAt: number;
};
type Queue = { messages: StoredMessage[]; redrive?: { deadLetter: string; maxReceiveCount: number } };

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * A local fake of Amazon SQS's JSON protocol (AWS JSON 1.0, `X-Amz-Target: AmazonSQS.<Action>`), as the
 * current SDK speaks it: SendMessage, SendMessageBatch (with SQS's limits and per-entry failures),
 * ReceiveMessage (visibility timeout, receive count, a redrive policy to a dead-letter queue), DeleteMessage
 * and GetQueueAttributes. It checks that requests are SigV4-signed for `sqs`, answers MD5 digests the SDK
 * verifies, and errors as SQS does (`__type` and `x-amzn-query-error`).
 */
export async function startFakeSqs() {
  const queues = new Map<string, Queue>();
  /** Entries of the next SendMessageBatch calls that SQS fails on its side (SenderFault false). */
  let failEntries = 0;
  const calls: Array<{ action: string; input: Record<string, unknown> }> = [];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.statusCode = status;
        res.setHeader('Content-Type', 'application/x-amz-json-1.0');
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.end(JSON.stringify(body));
      };
      const fail = (type: string, queryCode: string, message: string, status = 400) =>
        reply(
          status,
          { __type: `com.amazonaws.sqs#${type}`, message },
          { 'x-amzn-query-error': `${queryCode};Sender` },
        );
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || !target.startsWith('AmazonSQS.')) {
        fail('InvalidAction', 'InvalidAction', `No action for ${req.method} ${req.url} ${target}`);
        return;
      }
      const authorization = String(req.headers.authorization ?? '');
      if (!/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/sqs\/aws4_request/.test(authorization)) {
        fail('AccessDenied', 'AccessDenied', 'Missing or invalid SigV4 signature', 403);
        return;
      }
      const action = target.slice('AmazonSQS.'.length);
      const input = JSON.parse(raw || '{}') as Record<string, unknown>;
      calls.push({ action, input });
      const queue = queues.get(String(input.QueueUrl ?? ''));
      if (!queue) {
        fail(
          'QueueDoesNotExist',
          'AWS.SimpleQueueService.NonExistentQueue',
          'The specified queue does not exist.',
        );
        return;
      }
      const store = (body: string): StoredMessage => {
        const message = { id: randomUUID(), body, receiveCount: 0, visibleAt: 0, sentAt: Date.now() };
        queue.messages.push(message);
        return message;
      };
      switch (action) {
        case 'SendMessage': {
          const message = store(String(input.MessageBody ?? ''));
          reply(200, { MessageId: message.id, MD5OfMessageBody: md5(message.body) });
          return;
        }
        case 'SendMessageBatch': {
          const entries = (input.Entries ?? []) as Array<{ Id: string; MessageBody: string }>;
          if (entries.length === 0) {
            fail('EmptyBatchRequest', 'AWS.SimpleQueueService.EmptyBatchRequest', 'The batch is empty.');
            return;
          }
          if (entries.length > MAX_BATCH_ENTRIES) {
            fail(
              'TooManyEntriesInBatchRequest',
              'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
              `Maximum number of entries per request are ${MAX_BATCH_ENTRIES}. You have sent ${entries.length}.`,
            );
            return;
          }
          if (new Set(entries.map((entry) => entry.Id)).size !== entries.length) {
            fail(
              'BatchEntryIdsNotDistinct',
              'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
              'Two or more batch entries in the request have the same Id.',
            );
            return;
          }
          const bytes = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.MessageBody), 0);
          if (bytes > MAX_BATCH_BYTES) {
            fail(
              'BatchRequestTooLong',
              'AWS.SimpleQueueService.BatchRequestTooLong',
              `Batch requests cannot be longer than ${MAX_BATCH_BYTES} bytes. You have sent ${bytes} bytes.`,
            );
            return;
          }
          const Successful: unknown[] = [];
          const Failed: unknown[] = [];
          for (const entry of entries) {
            if (failEntries > 0) {
              failEntries -= 1;
              Failed.push({
                Id: entry.Id,
                SenderFault: false,
                Code: 'InternalError',
                Message: 'fake failure',
              });
              continue;
            }
            const message = store(entry.MessageBody);
            Successful.push({
              Id: entry.Id,
              MessageId: message.id,
              MD5OfMessageBody: md5(entry.MessageBody),
            });
          }
          reply(200, { Successful, Failed });
          return;
        }
        case 'ReceiveMessage': {
          const now = Date.now();
          const max = Number(input.MaxNumberOfMessages ?? 1);
          const visibilityMs = Number(input.VisibilityTimeout ?? 30) * 1000;
          const Messages: unknown[] = [];
          for (const message of [...queue.messages]) {
            if (Messages.length >= max) break;
            if (message.visibleAt > now) continue;
            if (queue.redrive && message.receiveCount >= queue.redrive.maxReceiveCount) {
              // SQS's redrive policy: past maxReceiveCount the message moves to the dead-letter queue.
              queue.messages.splice(queue.messages.indexOf(message), 1);
              queues.get(queue.redrive.deadLetter)?.messages.push({ ...message, visibleAt: 0 });
              continue;
            }
            message.receiveCount += 1;
            message.visibleAt = now + visibilityMs;
            message.receiptHandle = randomUUID();
            Messages.push({
              MessageId: message.id,
              ReceiptHandle: message.receiptHandle,
              MD5OfBody: md5(message.body),
              Body: message.body,
              Attributes: {
                ApproximateReceiveCount: String(message.receiveCount),
                SentTimestamp: String(message.sentAt),
              },
            });
          }
          reply(200, Messages.length ? { Messages } : {});
          return;
        }
        case 'DeleteMessage': {
          const index = queue.messages.findIndex((m) => m.receiptHandle === input.ReceiptHandle);
          if (index < 0) {
            fail('ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid', 'The input receipt handle is invalid.');
            return;
          }
          queue.messages.splice(index, 1);
          reply(200, {});
          return;
        }
        case 'GetQueueAttributes': {
          reply(200, {
            Attributes: { ApproximateNumberOfMessages: String(queue.messages.length) },
          });
          return;
        }
        default:
          fail('InvalidAction', 'InvalidAction', `The action ${action} is not valid for this endpoint.`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    calls,
    /** Creates a queue (optionally redriving to another after `maxReceiveCount` receives); returns its URL. */
    createQueue(name: string, redrive?: { deadLetterUrl: string; maxReceiveCount: number }) {
      const url = `${endpoint}/${ACCOUNT}/${name}`;
      queues.set(url, {
        messages: [],
        ...(redrive
          ? { redrive: { deadLetter: redrive.deadLetterUrl, maxReceiveCount: redrive.maxReceiveCount } }
          : {}),
      });
      return url;
    },
    /** The bodies a queue holds now. */
    bodies: (url: string) => (queues.get(url)?.messages ?? []).map((m) => m.body),
    /** Makes SQS fail the next `count` batch entries on its side (InternalError, SenderFault false). */
    failNextEntries(count: number) {
      failEntries = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
