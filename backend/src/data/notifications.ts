import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { NotificationPreferences } from '@shared/schemas/notifications';
import { urgentReasonsOrAll } from '@shared/notifications';
import { queryAll } from './batch-write';
import { keys } from './keys';
import { isConditionFailure } from './condition-failures';

/**
 * Issue 13 §2's items (docs/data-model.md "Notifications"): the owner's preferences, the once-claims that
 * make every notification go out at most once, the due markers the sweep reads (by hour bucket, never a
 * Scan), and the digest's recipients listed per time zone.
 */
const ONCE_DAYS = 35;
const DUE_DAYS = 3;
const DIGEST_RECIPIENT_DAYS = 60;

const epochSeconds = (at: Date, days: number) => Math.floor(at.getTime() / 1000) + days * 86_400;

/** The hour bucket a due time falls in ("2026-11-23T14"). */
export const dueHourOf = (at: Date) => at.toISOString().slice(0, 13);

export type OnceOutcome = 'sent' | 'skipped';

export function createNotificationRepository(doc: DynamoDBDocumentClient, tableName: string) {
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

    /** Asks the sweep to look at a conversation once `dueAt` has passed. */
    async markDue(conversationId: string, dueAt: Date): Promise<void> {
      await doc.send(new PutCommand(this.duePut(conversationId, dueAt).Put));
    },

    /** The due marker as a transaction item, to go with a conversation's creation in one round trip. */
    duePut(conversationId: string, dueAt: Date) {
      return {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.notificationDue(dueHourOf(dueAt), conversationId),
            conversation_id: conversationId,
            due_at: dueAt.toISOString(),
            expires_at: epochSeconds(dueAt, DUE_DAYS),
          },
        },
      };
    },

    /** Due markers of one hour bucket (one Query of its partition). */
    async *dueIn(
      dueHour: string,
    ): AsyncGenerator<{ conversationId: string; dueAt: string; dueHour: string }> {
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.notificationDue(dueHour, '').pk },
      })) {
        yield { conversationId: String(item.conversation_id), dueAt: String(item.due_at), dueHour };
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
