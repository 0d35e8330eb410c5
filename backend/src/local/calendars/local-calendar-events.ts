import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys, localCalendarPartition } from '../../platform/dynamo/keys';

/** One event of a local vendor's calendar (what Google would store), times as ISO instants. */
export type LocalCalendarEvent = {
  id: string;
  summary: string;
  description: string;
  start: string;
  end: string;
  created_at: string;
  /** A client's idempotency key (Graph's transactionId): a second create with it answers the first event. */
  transaction_id?: string;
};

/** A local calendar holds at most this many events: it is a stand-in, not a store to fill. */
export const LOCAL_CALENDAR_EVENT_LIMIT = 500;

export class LocalCalendarFullError extends Error {}

/**
 * The local calendar vendors' events, in DynamoDB like everything local: one partition per vendor account,
 * sorted by start. Only the local vendor servers use it (docs/decisions/142).
 */
export function createLocalCalendarEventStore(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const store = {
    async list(service: string, account: string): Promise<LocalCalendarEvent[]> {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': localCalendarPartition(service, account) },
          ConsistentRead: true,
          Limit: LOCAL_CALENDAR_EVENT_LIMIT + 1,
        }),
      );
      return Items.map(({ pk: _pk, sk: _sk, ...event }) => event as LocalCalendarEvent);
    },

    async overlapping(service: string, account: string, from: Date, to: Date) {
      return (await store.list(service, account)).filter(
        (event) => new Date(event.start) < to && new Date(event.end) > from,
      );
    },

    async create(
      service: string,
      account: string,
      event: Pick<LocalCalendarEvent, 'summary' | 'description' | 'start' | 'end' | 'transaction_id'>,
    ): Promise<LocalCalendarEvent> {
      const existing = await store.list(service, account);
      const same = event.transaction_id
        ? existing.find((other) => other.transaction_id === event.transaction_id)
        : undefined;
      if (same) return same;
      if (existing.length >= LOCAL_CALENDAR_EVENT_LIMIT)
        throw new LocalCalendarFullError(
          `This local calendar holds ${LOCAL_CALENDAR_EVENT_LIMIT} events at most`,
        );
      const created: LocalCalendarEvent = {
        ...event,
        id: randomBytes(10).toString('hex'),
        created_at: now().toISOString(),
      };
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.localCalendarEvent(service, account, created.start, created.id), ...created },
        }),
      );
      return created;
    },

    async find(service: string, account: string, id: string) {
      return (await store.list(service, account)).find((event) => event.id === id);
    },

    /** Moves an event: its key holds the start, so it is written anew and the old item removed. */
    async move(service: string, account: string, id: string, slot: { start: string; end: string }) {
      const current = await store.find(service, account, id);
      if (!current) return undefined;
      const moved = { ...current, ...slot };
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.localCalendarEvent(service, account, moved.start, id), ...moved },
        }),
      );
      if (moved.start !== current.start) await store.remove(service, account, current);
      return moved;
    },

    async remove(service: string, account: string, event: Pick<LocalCalendarEvent, 'id' | 'start'>) {
      await doc.send(
        new DeleteCommand({
          TableName: tableName,
          Key: keys.localCalendarEvent(service, account, event.start, event.id),
        }),
      );
    },
  };
  return store;
}
export type LocalCalendarEventStore = ReturnType<typeof createLocalCalendarEventStore>;
