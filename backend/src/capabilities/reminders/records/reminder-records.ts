import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Language } from '@shared/language';
import {
  DEFAULT_REMINDER_SETTINGS,
  type ReminderSettings,
  type StoredReminderSettings,
} from '@shared/schemas/reminders';
import { queryAll, writeInBatches } from '../../../platform/dynamo/batch-write';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';
import { transactEach } from '../../../platform/dynamo/transact-each';

/**
 * Reminders' items (docs/data-model.md "Reminders", docs/decisions/175-reminders.md): the owner's settings,
 * the due markers the sweep reads by send hour (never a Scan), and the once-claims that make each reminder
 * go out at most once, also when two sweeps or a retried batch handle it at the same time.
 */
const DUE_DAYS = 3;
const ONCE_DAYS = 60;

const epochSeconds = (at: Date, days: number) => Math.floor(at.getTime() / 1000) + days * 86_400;

/** The hour bucket a send time falls in ("2026-11-23T14"). */
export const sendHourOf = (at: Date) => at.toISOString().slice(0, 13);

/** One reminder of one appointment, waiting for its send time. */
export type ReminderDue = {
  owner_id: string;
  appointment_id: string;
  offset_hours: number;
  send_at: string;
  send_hour: string;
  /** The language of the conversation that booked it (decision 174). */
  language: Language;
};

export type ReminderOutcome = 'sent' | 'skipped';

export function createReminderRepository(doc: DynamoDBDocumentClient, tableName: string) {
  const onceKey = (r: Pick<ReminderDue, 'owner_id' | 'appointment_id' | 'offset_hours'>) =>
    keys.reminderOnce(r.owner_id, r.appointment_id, r.offset_hours);
  const dueKey = (r: Omit<ReminderDue, 'send_at' | 'language'>) =>
    keys.reminderDue(r.send_hour, r.owner_id, r.appointment_id, r.offset_hours);

  return {
    async getSettings(userId: string): Promise<StoredReminderSettings | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.reminderSettings(userId), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      const { pk: _pk, sk: _sk, updated_at: _u, ...stored } = Item;
      return { ...DEFAULT_REMINDER_SETTINGS, ...(stored as Partial<StoredReminderSettings>) };
    },

    /**
     * Saves the settings; `enabled_since` becomes `at` when reminders go from off to on, and otherwise keeps
     * its value (turning them off keeps it too: analytics still splits at the last switch-on). The write is
     * conditional on what was read, so two saves at once cannot both decide the switch-on time.
     */
    async saveSettings(
      userId: string,
      settings: ReminderSettings,
      at: Date,
    ): Promise<StoredReminderSettings> {
      for (;;) {
        const { Item } = await doc.send(
          new GetCommand({ TableName: tableName, Key: keys.reminderSettings(userId), ConsistentRead: true }),
        );
        const previous = Item as (StoredReminderSettings & { updated_at?: string }) | undefined;
        const enabledSince =
          settings.enabled && !previous?.enabled ? at.toISOString() : (previous?.enabled_since ?? null);
        const stored: StoredReminderSettings = { ...settings, enabled_since: enabledSince };
        try {
          await doc.send(
            new PutCommand({
              TableName: tableName,
              Item: { ...keys.reminderSettings(userId), ...stored, updated_at: at.toISOString() },
              ...(previous?.updated_at
                ? {
                    ConditionExpression: 'updated_at = :seen',
                    ExpressionAttributeValues: { ':seen': previous.updated_at },
                  }
                : { ConditionExpression: 'attribute_not_exists(pk)' }),
            }),
          );
          return stored;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }
    },

    /** Plans reminders: one due marker each, under its send hour. */
    async putDue(reminders: readonly Omit<ReminderDue, 'send_hour'>[]): Promise<void> {
      await writeInBatches(
        doc,
        tableName,
        reminders.map((reminder) => {
          const sendAt = new Date(reminder.send_at);
          const item = { ...reminder, send_hour: sendHourOf(sendAt) };
          return {
            PutRequest: {
              Item: { ...dueKey(item), ...item, expires_at: epochSeconds(sendAt, DUE_DAYS) },
            },
          };
        }),
      );
    },

    /** The reminders of one send hour (one Query of its partition). */
    async *dueIn(sendHour: string): AsyncGenerator<ReminderDue> {
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.reminderDue(sendHour, '', '', 0).pk },
      })) {
        yield {
          owner_id: String(item.owner_id),
          appointment_id: String(item.appointment_id),
          offset_hours: Number(item.offset_hours),
          send_at: String(item.send_at),
          send_hour: sendHour,
          language: item.language === 'es' ? 'es' : 'en',
        };
      }
    },

    async clearDue(reminders: readonly Omit<ReminderDue, 'send_at' | 'language'>[]): Promise<void> {
      await writeInBatches(
        doc,
        tableName,
        reminders.map((reminder) => ({ DeleteRequest: { Key: dueKey(reminder) } })),
      );
    },

    /**
     * Claims reminders for `holder` (conditional puts, 25 to a transaction): the ones returned are this holder's to send now. One
     * sent, or held by a live claim, is left out; a claim left by a crashed sender lapses after `leaseMs`.
     */
    async claim(
      reminders: readonly ReminderDue[],
      holder: string,
      now: Date,
      leaseMs: number,
    ): Promise<ReminderDue[]> {
      return transactEach(doc, reminders, (reminder) => ({
        Put: {
          TableName: tableName,
          Item: {
            ...onceKey(reminder),
            state: 'claimed',
            holder,
            lease_until: now.getTime() + leaseMs,
            expires_at: epochSeconds(now, ONCE_DAYS),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR (#state = :claimed AND lease_until < :now)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':claimed': 'claimed', ':now': now.getTime() },
        },
      }));
    },

    /** These reminders went out (or rightly never will): never claimed again. */
    async complete(
      done: ReadonlyArray<{ reminder: ReminderDue; outcome: ReminderOutcome }>,
      at: Date,
    ): Promise<void> {
      await writeInBatches(
        doc,
        tableName,
        done.map(({ reminder, outcome }) => ({
          PutRequest: {
            Item: {
              ...onceKey(reminder),
              state: 'done',
              outcome,
              done_at: at.toISOString(),
              expires_at: epochSeconds(at, ONCE_DAYS),
            },
          },
        })),
      );
    },

    /** Sending failed: the claims are dropped so the next sweep tries again. */
    async release(reminders: readonly ReminderDue[]): Promise<void> {
      await writeInBatches(
        doc,
        tableName,
        reminders.map((reminder) => ({ DeleteRequest: { Key: onceKey(reminder) } })),
      );
    },

    async onceState(
      reminder: Pick<ReminderDue, 'owner_id' | 'appointment_id' | 'offset_hours'>,
    ): Promise<{ state: string; outcome?: string } | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: onceKey(reminder), ConsistentRead: true }),
      );
      return Item
        ? { state: String(Item.state), ...(Item.outcome ? { outcome: String(Item.outcome) } : {}) }
        : undefined;
    },
  };
}
export type ReminderRepository = ReturnType<typeof createReminderRepository>;
