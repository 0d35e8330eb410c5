import { GetCommand, UpdateCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conversationSummary } from '@shared/call-log';
import { retentionExpiry } from '@shared/privacy';
import type { Conversation } from '@shared/schemas/conversation';
import type { ConversationChannel, ConversationOutcome } from '@shared/conversation';
import { DEFAULT_LANGUAGE, type Language } from '@shared/language';
import { queryAll, writeInBatches } from '../../../platform/dynamo/batch-write';
import { CONVERSATION_PREFIX, keys, userKey } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

const KEY_ATTRIBUTES = ['pk', 'sk', 'expires_at'];
/** Records re-stamped at a time when the retention period changes. */
const STAMP_CONCURRENCY = 25;

/** ISO strings sort by time only in one canonical form (UTC, milliseconds, Z). */
const canonicalIso = (iso: string) => new Date(iso).toISOString();

/** What the call log's list reads of a record: never the transcript, so a page costs the same at any length. */
const LIST_ATTRIBUTES = [
  'id',
  'channel',
  'caller',
  'started_at',
  'ended_at',
  'outcome',
  'amount_collected_cents',
  'summary',
  'open',
  'call_route',
  'owner_dial_status',
  'forwarded',
  'owner_answered',
  'language',
  'answered_at',
  'manipulation_attempts',
  'booked_service',
  'booked_staff',
  'sk',
] as const;
/** What the automations' polling list reads of a record: a finished conversation's event, no transcript. */
const FINISHED_ATTRIBUTES = [
  'id',
  'business_id',
  'channel',
  'caller',
  'started_at',
  'ended_at',
  'outcome',
  'summary',
  'language',
  'amount_collected_cents',
  'escalated',
  'open',
] as const;
export type ConversationListItem = Pick<
  Conversation,
  | 'id'
  | 'channel'
  | 'caller'
  | 'started_at'
  | 'ended_at'
  | 'outcome'
  | 'amount_collected_cents'
  | 'summary'
  | 'open'
  | 'call_route'
  | 'owner_dial_status'
  | 'forwarded'
  | 'owner_answered'
  | 'language'
  | 'answered_at'
  | 'manipulation_attempts'
  | 'booked_service'
  | 'booked_staff'
>;

export type ConversationPageQuery = {
  channel?: ConversationChannel;
  outcome?: ConversationOutcome;
  /** The caller's language; English also matches records stored before languages were kept. */
  language?: Language;
  /** Digits somewhere in the caller's E.164 number. */
  callerDigits?: string;
  from: Date;
  to: Date;
  limit: number;
  /** The sk of the last item the previous page covered; the next page starts after it. */
  afterSk?: string;
};

/** A filtered page reads at most this many Query pages, then hands back a cursor (a short page, not a slow one). */
const MAX_READS_PER_PAGE = 8;
const FILTERED_READ_SIZE = 200;

const withoutKeys = (found: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(found).filter(([k]) => !KEY_ATTRIBUTES.includes(k)));

/**
 * An owner's conversation records, one item each under the owner's partition, sorted by start time
 * (docs/data-model.md "Conversations and analytics"): a time range is a single Query.
 */
export function createConversationRepository(doc: DynamoDBDocumentClient, tableName: string) {
  const item = (userId: string, conversation: Conversation, retentionDays?: number) => {
    const startedAt = canonicalIso(conversation.started_at);
    return {
      ...conversation,
      // DynamoDB's TTL deletes the record, transcript included, when the owner's retention period is over.
      ...(retentionDays ? { expires_at: retentionExpiry(startedAt, retentionDays) } : {}),
      summary: conversation.summary ?? conversationSummary(conversation),
      started_at: startedAt,
      ended_at: canonicalIso(conversation.ended_at),
      ...keys.conversation(userId, startedAt, conversation.id),
    };
  };

  /** Every conversation record of an owner, a Query page at a time, with only the attributes asked for. */
  const ownerRecords = (userId: string, attributes: string[]) =>
    queryAll(doc, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
      ExpressionAttributeValues: { ':pk': userKey(userId), ':prefix': CONVERSATION_PREFIX },
    });

  return {
    /** A record's put, as one item of a caller's transaction (a conversation's creation). */
    recordPut(userId: string, conversation: Conversation, retentionDays?: number) {
      return { Put: { TableName: tableName, Item: item(userId, conversation, retentionDays) } };
    },

    /** Stores records (a new id adds one; the same start time and id overwrites it, so re-seeding is idempotent). */
    async saveConversations(
      userId: string,
      conversations: readonly Conversation[],
      options: { retentionDays?: number } = {},
    ): Promise<void> {
      await writeInBatches(
        doc,
        tableName,
        conversations.map((c) => ({ PutRequest: { Item: item(userId, c, options.retentionDays) } })),
      );
    },

    /**
     * Moves every stored record's expiry to a new retention period (the owner changed it), counted from
     * each record's start; records already past it expire at DynamoDB's next TTL pass.
     */
    async applyRetention(userId: string, retentionDays: number): Promise<number> {
      let updated = 0;
      const stamp = (found: Record<string, unknown>) =>
        doc
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: { pk: found.pk, sk: found.sk },
              UpdateExpression: 'SET expires_at = :expires',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: {
                ':expires': retentionExpiry(String(found.started_at), retentionDays),
              },
            }),
          )
          .then(
            () => (updated += 1),
            (error: unknown) => {
              // Deleted meanwhile (TTL or an erasure): nothing left to stamp.
              if (!isConditionFailure(error)) throw error;
            },
          );
      let batch: Array<Record<string, unknown>> = [];
      for await (const found of ownerRecords(userId, ['pk', 'sk', 'started_at'])) {
        batch.push(found);
        if (batch.length === STAMP_CONCURRENCY) {
          await Promise.all(batch.map(stamp));
          batch = [];
        }
      }
      await Promise.all(batch.map(stamp));
      return updated;
    },

    /** Deletes every record of one caller's conversations; returns their ids and channels. */
    async eraseCaller(userId: string, caller: string): Promise<Array<{ id: string; channel: string }>> {
      const erased: Array<{ id: string; channel: string; pk: unknown; sk: unknown }> = [];
      for await (const found of ownerRecords(userId, ['pk', 'sk', 'id', 'channel', 'caller'])) {
        if (found.caller === caller) erased.push(found as (typeof erased)[number]);
      }
      await writeInBatches(
        doc,
        tableName,
        erased.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })),
      );
      return erased.map(({ id, channel }) => ({ id, channel }));
    },

    /**
     * Only the named attributes of the conversations that started between from and to (inclusive), oldest
     * first: one sk-range Query (no transcript read), so its cost follows the range, not the owner's history.
     */
    async listAttributesBetween<K extends keyof Conversation>(
      userId: string,
      from: Date,
      to: Date,
      attributes: readonly K[],
    ): Promise<Array<Pick<Conversation, K>>> {
      const found: Array<Pick<Conversation, K>> = [];
      for await (const item of queryAll(doc, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
        ExpressionAttributeValues: {
          ':pk': userKey(userId),
          ':from': `${CONVERSATION_PREFIX}${from.toISOString()}`,
          ':to': `${CONVERSATION_PREFIX}${to.toISOString()}$`,
        },
      })) {
        found.push(item as Pick<Conversation, K>);
      }
      return found;
    },

    /** The owner's conversations that started between from and to (inclusive), oldest first. */
    async listConversations(userId: string, from: Date, to: Date): Promise<Conversation[]> {
      const conversations: Conversation[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': userKey(userId),
              ':from': `${CONVERSATION_PREFIX}${from.toISOString()}`,
              // '$' sorts after '#': every id of a conversation that started exactly at `to` is included.
              ':to': `${CONVERSATION_PREFIX}${to.toISOString()}$`,
            },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const found of page.Items ?? []) conversations.push(withoutKeys(found) as Conversation);
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return conversations;
    },

    /**
     * One page of the call log, newest first: a key-ordered Query of the owner's partition (never a Scan), so
     * a page costs the same with 20 or 20,000 records. New conversations sort before any cursor, so paging
     * stays stable while calls come in.
     */
    async pageConversations(
      userId: string,
      query: ConversationPageQuery,
    ): Promise<{ items: ConversationListItem[]; nextSk?: string }> {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {
        ':pk': userKey(userId),
        ':from': `${CONVERSATION_PREFIX}${query.from.toISOString()}`,
        ':to': `${CONVERSATION_PREFIX}${query.to.toISOString()}$`,
      };
      for (const attribute of LIST_ATTRIBUTES) names[`#${attribute}`] = attribute;
      const filters: string[] = [];
      if (query.channel) {
        filters.push('#channel = :channel');
        values[':channel'] = query.channel;
      }
      if (query.outcome) {
        filters.push('#outcome = :outcome');
        values[':outcome'] = query.outcome;
      }
      if (query.language) {
        filters.push(
          query.language === DEFAULT_LANGUAGE
            ? '(attribute_not_exists(#language) OR #language = :language)'
            : '#language = :language',
        );
        values[':language'] = query.language;
      }
      if (query.callerDigits) {
        filters.push('contains(#caller, :digits)');
        values[':digits'] = query.callerDigits;
      }
      const filtered = filters.length > 0;
      const items: Array<ConversationListItem & { sk: string }> = [];
      let startKey: Record<string, unknown> | undefined = query.afterSk
        ? { pk: userKey(userId), sk: query.afterSk }
        : undefined;
      for (let reads = 0; reads < MAX_READS_PER_PAGE; reads += 1) {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND #sk BETWEEN :from AND :to',
            ...(filtered ? { FilterExpression: filters.join(' AND ') } : {}),
            ProjectionExpression: LIST_ATTRIBUTES.map((attribute) => `#${attribute}`).join(', '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ScanIndexForward: false,
            // One more than the page when unfiltered: whether an older page exists is known without a 2nd read.
            Limit: filtered ? FILTERED_READ_SIZE : query.limit + 1 - items.length,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const found of page.Items ?? []) {
          if (items.length === query.limit) return { items: items.map(stripSk), nextSk: items.at(-1)!.sk };
          items.push(found as ConversationListItem & { sk: string });
        }
        startKey = page.LastEvaluatedKey;
        if (!startKey) return { items: items.map(stripSk) };
      }
      return { items: items.map(stripSk), nextSk: String(startKey!.sk) };
    },

    /**
     * The owner's latest finished conversations with callers, newest first, without transcripts: the
     * automations' polling list (docs/decisions/179). Test chats, open threads and calls the owner picked up
     * (ring me first: no conversation finished, so no push hook fired either) are filtered out in DynamoDB;
     * at most `MAX_READS_PER_PAGE` reads, so a partition of only test chats stays cheap.
     */
    async latestFinished(userId: string, limit: number): Promise<Conversation[]> {
      const found: Conversation[] = [];
      let startKey: Record<string, unknown> | undefined;
      for (let reads = 0; reads < MAX_READS_PER_PAGE && found.length < limit; reads += 1) {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            FilterExpression:
              '#channel <> :test AND (attribute_not_exists(#open) OR #open = :false) AND attribute_not_exists(#owner_answered)',
            ProjectionExpression: FINISHED_ATTRIBUTES.map((attribute) => `#${attribute}`).join(', '),
            ExpressionAttributeNames: {
              ...Object.fromEntries(FINISHED_ATTRIBUTES.map((a) => [`#${a}`, a])),
              '#owner_answered': 'owner_answered',
            },
            ExpressionAttributeValues: {
              ':pk': userKey(userId),
              ':prefix': CONVERSATION_PREFIX,
              ':test': 'test',
              ':false': false,
            },
            ScanIndexForward: false,
            Limit: FILTERED_READ_SIZE,
            ExclusiveStartKey: startKey,
          }),
        );
        found.push(...((page.Items ?? []) as Conversation[]));
        startKey = page.LastEvaluatedKey;
        if (!startKey) break;
      }
      return found.slice(0, limit);
    },

    /** One whole record (transcript included), by the start time and id the list gave. */
    async getConversation(
      userId: string,
      startedAtIso: string,
      id: string,
    ): Promise<Conversation | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.conversation(userId, canonicalIso(startedAtIso), id),
        }),
      );
      return Item ? (withoutKeys(Item) as Conversation) : undefined;
    },
  };
}
const stripSk = ({ sk: _sk, ...item }: ConversationListItem & { sk: string }): ConversationListItem => item;

export type ConversationRepository = ReturnType<typeof createConversationRepository>;
