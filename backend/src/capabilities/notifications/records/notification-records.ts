import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { NotificationPreferences } from '@shared/schemas/notifications';
import { urgentReasonsOrAll } from '@shared/notifications';
import { queryAll } from '../../../platform/dynamo/batch-write';
import { keys } from '../../../platform/dynamo/keys';
import {
  isConditionFailure,
  transactionConditionFailures,
  unlessConditionFails,
} from '../../../platform/dynamo/condition-failures';

/**
 * Issue 13 §2's items (docs/data-model.md "Notifications"): the owner's preferences, the once-claims that
 * make every notification go out at most once, the due markers the sweep reads (by hour bucket, never a
 * Scan), and the digest's recipients listed per time zone.
 */
const ONCE_DAYS = 35;
const DUE_DAYS = 3;
const DIGEST_RECIPIENT_DAYS = 60;
/** A run's owner claims only matter while its messages can be delivered (hours); kept a little longer. */
const RUN_CLAIM_DAYS = 2;

const epochSeconds = (at: Date, days: number) => Math.floor(at.getTime() / 1000) + days * 86_400;

/** The hour bucket a due time falls in ("2026-11-23T14"). */
export const dueHourOf = (at: Date) => at.toISOString().slice(0, 13);

export type OnceOutcome = 'sent' | 'skipped';

export type DueMarker = {
  conversationId: string;
  ownerId: string | undefined;
  dueAt: string;
  dueHour: string;
};

const TRANSACT_ATTEMPTS = 8;

export function createNotificationRepository(doc: DynamoDBDocumentClient, tableName: string) {
  /**
   * One conditional write per id in one transaction; ids whose condition fails are dropped and the rest
   * written again (a conflict with another transaction waits and retries). Returns the ids written.
   */
  async function transactEach(
    ids: readonly string[],
    item: (id: string) => NonNullable<TransactWriteCommandInput['TransactItems']>[number],
  ): Promise<string[]> {
    let pending = [...ids];
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      try {
        await doc.send(new TransactWriteCommand({ TransactItems: pending.map(item) }));
        return pending;
      } catch (error) {
        const failed = transactionConditionFailures(error);
        if (!failed || attempt >= TRANSACT_ATTEMPTS) throw error;
        if (failed.some(Boolean)) pending = pending.filter((_, index) => !failed[index]);
        else await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
      }
    }
    return pending;
  }

  return {
    async getPreferences(userId: string): Promise<NotificationPreferences | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.notificationPreferences(userId) }),
      );
      if (!Item) return undefined;
      const { pk: _pk, sk: _sk, updated_at: _u, ...stored } = Item;
      const prefs = stored as NotificationPreferences;
      return { ...prefs, urgent_sms_reasons: [...urgentReasonsOrAll(prefs)] };
    },

    async savePreferences(userId: string, prefs: NotificationPreferences, at: Date): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.notificationPreferences(userId), ...prefs, updated_at: at.toISOString() },
        }),
      );
    },

    /** Turns one e-mail kind off (the unsubscribe link); false when the owner has no preferences item. */
    async turnOff(userId: string, field: 'summary_email' | 'daily_digest', at: Date): Promise<boolean> {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.notificationPreferences(userId),
            UpdateExpression: 'SET #field = :off, updated_at = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#field': field },
            ExpressionAttributeValues: { ':off': false, ':at': at.toISOString() },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /**
     * Claims a notification for `holder` while nobody has sent it and no live claim holds it: true means
     * "send it now". A claim left by a crashed sender lapses after `leaseMs`, so the sweep can retry.
     */
    async claimOnce(scope: string, id: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.notificationOnce(scope, id),
              state: 'claimed',
              holder,
              lease_until: now.getTime() + leaseMs,
              expires_at: epochSeconds(now, ONCE_DAYS),
            },
            ConditionExpression: 'attribute_not_exists(pk) OR (#state = :claimed AND lease_until < :now)',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':claimed': 'claimed', ':now': now.getTime() },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** The claim's notification went out (or was rightly not sent): it is never claimed again. */
    async completeOnce(scope: string, id: string, holder: string, outcome: OnceOutcome, at: Date) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.notificationOnce(scope, id),
            UpdateExpression: 'SET #state = :done, outcome = :outcome, done_at = :at REMOVE lease_until',
            ConditionExpression: 'holder = :holder',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':done': 'done',
              ':outcome': outcome,
              ':at': at.toISOString(),
              ':holder': holder,
            },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** Sending failed: the claim is dropped so the next sweep tries again. */
    async releaseOnce(scope: string, id: string, holder: string) {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.notificationOnce(scope, id),
            ConditionExpression: 'holder = :holder AND #state = :claimed',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':holder': holder, ':claimed': 'claimed' },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async onceState(scope: string, id: string): Promise<{ state: string; outcome?: string } | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.notificationOnce(scope, id), ConsistentRead: true }),
      );
      return Item
        ? { state: String(Item.state), ...(Item.outcome ? { outcome: String(Item.outcome) } : {}) }
        : undefined;
    },

    /**
     * Claims owners' parts of a scheduled run for `holder` (docs/decisions/162), in one transaction per
     * call: the owners returned are this holder's to handle now. An owner already done in the run, or held
     * by a live claim, is left out; a claim left by a crashed worker lapses after `leaseMs`, before the
     * queue redelivers its batch. One request per batch of owners, not one per owner.
     */
    async claimRun(
      job: string,
      runId: string,
      ownerIds: readonly string[],
      holder: string,
      now: Date,
      leaseMs: number,
    ): Promise<string[]> {
      return transactEach(ownerIds, (ownerId) => ({
        Put: {
          TableName: tableName,
          Item: {
            ...keys.notificationRun(job, runId, ownerId),
            state: 'claimed',
            holder,
            lease_until: now.getTime() + leaseMs,
            expires_at: epochSeconds(now, RUN_CLAIM_DAYS),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR (#state = :claimed AND lease_until < :now)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':claimed': 'claimed', ':now': now.getTime() },
        },
      }));
    },

    /** These owners' parts of the run are done: another delivery of their batch skips them. */
    async completeRun(job: string, runId: string, ownerIds: readonly string[], holder: string, at: Date) {
      await transactEach(ownerIds, (ownerId) => ({
        Update: {
          TableName: tableName,
          Key: keys.notificationRun(job, runId, ownerId),
          UpdateExpression: 'SET #state = :done, done_at = :at REMOVE lease_until',
          ConditionExpression: 'holder = :holder',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':done': 'done', ':at': at.toISOString(), ':holder': holder },
        },
      }));
    },

    /** Handling the owner failed: the claim is dropped so the batch's redelivery handles it. */
    async releaseRun(job: string, runId: string, ownerId: string, holder: string) {
      await unlessConditionFails(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.notificationRun(job, runId, ownerId),
            ConditionExpression: 'holder = :holder AND #state = :claimed',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':holder': holder, ':claimed': 'claimed' },
          }),
        ),
      );
    },

    async runState(job: string, runId: string, ownerId: string): Promise<string | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.notificationRun(job, runId, ownerId),
          ConsistentRead: true,
        }),
      );
      return Item ? String(Item.state) : undefined;
    },

    /** Asks the sweep to look at a conversation once `dueAt` has passed. */
    async markDue(conversationId: string, ownerId: string, dueAt: Date): Promise<void> {
      await doc.send(new PutCommand(this.duePut(conversationId, ownerId, dueAt).Put));
    },

    /**
     * The due marker as a transaction item, to go with a conversation's creation in one round trip. It
     * names the owner, so the sweep batches markers by owner without reading each conversation.
     */
    duePut(conversationId: string, ownerId: string, dueAt: Date) {
      return {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.notificationDue(dueHourOf(dueAt), conversationId),
            conversation_id: conversationId,
            owner_id: ownerId,
            due_at: dueAt.toISOString(),
            expires_at: epochSeconds(dueAt, DUE_DAYS),
          },
        },
      };
    },

    /** Due markers of one hour bucket (one Query of its partition). */
    async *dueIn(dueHour: string): AsyncGenerator<DueMarker> {
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.notificationDue(dueHour, '').pk },
      })) {
        yield {
          conversationId: String(item.conversation_id),
          // Markers written before markers named their owner (decision 162) have none: the sweep looks it up.
          ownerId: typeof item.owner_id === 'string' ? item.owner_id : undefined,
          dueAt: String(item.due_at),
          dueHour,
        };
      }
    },

    async clearDue(dueHour: string, conversationId: string): Promise<void> {
      await doc.send(
        new DeleteCommand({ TableName: tableName, Key: keys.notificationDue(dueHour, conversationId) }),
      );
    },

    /** Lists the owner under their business's time zone for the digest (refreshed as conversations end). */
    async addDigestRecipient(userId: string, timeZone: string, at: Date): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.digestRecipient(timeZone, userId),
            user_id: userId,
            time_zone: timeZone,
            expires_at: epochSeconds(at, DIGEST_RECIPIENT_DAYS),
          },
        }),
      );
    },

    async *digestRecipients(timeZone: string): AsyncGenerator<string> {
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.digestRecipient(timeZone, '').pk },
        ProjectionExpression: 'user_id',
      })) {
        yield String(item.user_id);
      }
    },

    async removeDigestRecipient(userId: string, timeZone: string): Promise<void> {
      await doc.send(
        new DeleteCommand({ TableName: tableName, Key: keys.digestRecipient(timeZone, userId) }),
      );
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
