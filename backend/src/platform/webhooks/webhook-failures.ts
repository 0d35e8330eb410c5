import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../dynamo/batch-write';
import { keys, WEBHOOK_FAILURES_PK } from '../dynamo/keys';

/** Failures are kept a month: longer than Stripe retries (3 days), long enough for an operator to replay. */
const FAILURE_TTL_SECONDS = 30 * 86_400;
/** An event larger than this is recorded without its payload (DynamoDB items stop at 400 KB). */
const MAX_PAYLOAD_BYTES = 300_000;

export type WebhookFailure = {
  provider: string;
  event_id: string;
  event_type: string;
  first_failed_at: string;
  last_failed_at: string;
  attempts: number;
  last_error: string;
  /** The verified event as received, for a replay; absent when it was too large to keep. */
  payload?: string;
};

/**
 * Webhook events whose handling failed (issue 14 §8): one item per provider and event id, under one
 * operator partition, so `npm run ops -- webhooks failed` lists them with one Query and `replay` re-runs
 * them. A later successful delivery of the same event (the provider's retry, or a replay) removes it.
 */
export function createWebhookFailureRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async record(
      provider: string,
      event: { id: string; type: string },
      error: unknown,
      payload: string,
    ): Promise<void> {
      const at = now().toISOString();
      const keep = Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES;
      // One update: the first failure's time and the attempt count survive a repeated failure without a
      // read first (and two failing retries at once both count).
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.webhookFailure(provider, event.id),
          UpdateExpression:
            [
              'SET provider = :provider, event_id = :event_id, event_type = :event_type',
              'first_failed_at = if_not_exists(first_failed_at, :at), last_failed_at = :at',
              `last_error = :last_error, expires_at = :expires_at${keep ? ', payload = :payload' : ''}`,
            ].join(', ') +
            ' ADD attempts :one' +
            (keep ? '' : ' REMOVE payload'),
          ExpressionAttributeValues: {
            ':provider': provider,
            ':event_id': event.id,
            ':event_type': event.type,
            ':at': at,
            ':last_error': String(error instanceof Error ? error.message : error).slice(0, 1_000),
            ':expires_at': Math.floor(now().getTime() / 1000) + FAILURE_TTL_SECONDS,
            ':one': 1,
            ...(keep ? { ':payload': payload } : {}),
          },
        }),
      );
    },

    /** Every open failure, newest first. */
    async list(): Promise<WebhookFailure[]> {
      const found: WebhookFailure[] = [];
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': WEBHOOK_FAILURES_PK },
      })) {
        const { pk: _pk, sk: _sk, expires_at: _e, ...failure } = item;
        found.push(failure as WebhookFailure);
      }
      return found.sort((a, b) => b.last_failed_at.localeCompare(a.last_failed_at));
    },

    async get(provider: string, eventId: string): Promise<WebhookFailure | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.webhookFailure(provider, eventId) }),
      );
      if (!Item) return undefined;
      const { pk: _pk, sk: _sk, expires_at: _e, ...failure } = Item;
      return failure as WebhookFailure;
    },

    /** The event was handled after all: no longer a failure. */
    async resolve(provider: string, eventId: string): Promise<void> {
      await doc.send(
        new DeleteCommand({ TableName: tableName, Key: keys.webhookFailure(provider, eventId) }),
      );
    },
  };
}
export type WebhookFailureRepository = ReturnType<typeof createWebhookFailureRepository>;
