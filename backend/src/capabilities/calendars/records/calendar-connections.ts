import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { unlessConditionFails } from '../../../platform/dynamo/condition-failures';
import { CALENDAR_SERVICES, type CalendarService, type ConnectionStatus } from '@shared/calendar';
import { CALENDAR_CONNECTION_PREFIX, keys, userKey } from '../../../platform/dynamo/keys';
import { transactWithSetupSources, type TransactItem } from '../../../platform/dynamo/setup-sources';

/** A stored connection. Token fields hold AES-256-GCM ciphertexts (providers/calendar/token-cipher.ts). */
export type CalendarConnectionRecord = {
  service: CalendarService;
  status: ConnectionStatus;
  access_token_enc: string;
  refresh_token_enc?: string;
  /** Epoch ms when the access token expires; absent for tokens that never expire. Not the table's TTL. */
  token_expires_at?: number;
  scope?: string;
  /** The vendor account connected (Google: its e-mail), when the vendor told us. */
  account?: string;
  /** A scheduler's public booking page (Calendly), which the assistant texts instead of booking. */
  scheduling_url?: string;
  /**
   * The vendor could not be reached (network, 5xx) the last time the assistant used this calendar; removed
   * by the next use that works. Not a status: only the vendor's refusal of the grant makes it 'expired'.
   */
  last_sync_failed_at?: string;
  connected_at: string;
  updated_at: string;
};

export type SealedTokens = Pick<
  CalendarConnectionRecord,
  'access_token_enc' | 'refresh_token_enc' | 'token_expires_at' | 'scope'
>;

const withoutUndefined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

export function createCalendarConnectionRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const store = { doc, tableName };
  /**
   * Updates an existing connection and, in the same transaction, whether the config's setup sources count
   * a connected calendar (docs/decisions/187-config-one-read.md): an owner has one connection at a time.
   */
  const setStatus = async (
    userId: string,
    service: CalendarService,
    connected: boolean,
    update: { UpdateExpression: string } & Pick<
      NonNullable<TransactItem['Update']>,
      'ExpressionAttributeNames' | 'ExpressionAttributeValues'
    >,
  ) => {
    const written = await transactWithSetupSources(store, userId, { calendar_connected: connected }, [
      {
        Update: {
          TableName: tableName,
          Key: keys.calendarConnection(userId, service),
          ConditionExpression: 'attribute_exists(pk)',
          ...update,
        },
      },
    ]);
    if (!written) throw new Error(`No ${service} connection to update`);
  };

  return {
    async list(userId: string): Promise<CalendarConnectionRecord[]> {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          // A sort-key range rather than begins_with: the same items, and DynamoDB Local reads begins_with by
          // walking the whole partition (20,000 conversations made the dashboard's Overview 3× slower there).
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': userKey(userId),
            ':from': CALENDAR_CONNECTION_PREFIX,
            // Service names are lower-case letters and '_', all before '~'.
            ':to': `${CALENDAR_CONNECTION_PREFIX}~`,
          },
        }),
      );
      return Items as CalendarConnectionRecord[];
    },

    /**
     * A new authorization replaces whatever was stored for the service (a reconnect after 'expired') and,
     * since an owner has one personal calendar at a time (spec §2), the other services' connections. One
     * transaction writes all three keys, so two callbacks racing for different services serialize: the
     * last one wins and never leaves two calendars connected.
     */
    async saveConnected(
      userId: string,
      service: CalendarService,
      tokens: SealedTokens & { account?: string; scheduling_url?: string },
    ): Promise<void> {
      const timestamp = now().toISOString();
      // A racing save for another service makes DynamoDB cancel one transaction (TransactionConflict):
      // it is retried after the other, so the later callback wins instead of failing.
      await transactWithSetupSources(store, userId, { calendar_connected: true }, [
        {
          Put: {
            TableName: tableName,
            Item: withoutUndefined({
              ...keys.calendarConnection(userId, service),
              service,
              status: 'connected',
              ...tokens,
              connected_at: timestamp,
              updated_at: timestamp,
            }),
          },
        },
        ...CALENDAR_SERVICES.filter((other) => other !== service).map((other) => ({
          Delete: { TableName: tableName, Key: keys.calendarConnection(userId, other) },
        })),
      ]);
    },

    /**
     * After a refresh: new access token and expiry; the refresh token only when the vendor rotated it. The
     * vendor answered, so a failure to reach it noted before is over.
     */
    async updateTokens(userId: string, service: CalendarService, tokens: SealedTokens): Promise<void> {
      const fields = withoutUndefined({ ...tokens, status: 'connected', updated_at: now().toISOString() });
      const entries = Object.entries(fields);
      await setStatus(userId, service, true, {
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')} REMOVE last_sync_failed_at`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([key], i) => [`#f${i}`, key])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
      });
    },

    /** The vendor failed to answer (not a refusal): noted on a connected connection, its status kept. */
    async noteSyncFailed(userId: string, service: CalendarService): Promise<void> {
      await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.calendarConnection(userId, service),
            UpdateExpression: 'SET last_sync_failed_at = :now',
            ConditionExpression: 'attribute_exists(pk) AND #status = :connected',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':now': now().toISOString(), ':connected': 'connected' },
          }),
        ),
      );
    },

    /** The vendor answered again: the failure noted before (`since`, as read) is cleared, unless a newer one. */
    async noteSyncWorked(userId: string, service: CalendarService, since: string): Promise<void> {
      await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.calendarConnection(userId, service),
            UpdateExpression: 'REMOVE last_sync_failed_at',
            ConditionExpression: 'last_sync_failed_at = :since',
            ExpressionAttributeValues: { ':since': since },
          }),
        ),
      );
    },

    async markExpired(userId: string, service: CalendarService): Promise<void> {
      await setStatus(userId, service, false, {
        // Expired asks for a reconnect; a failure to reach the vendor noted before no longer applies.
        UpdateExpression: 'SET #status = :expired, updated_at = :now REMOVE last_sync_failed_at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':expired': 'expired', ':now': now().toISOString() },
      });
    },
  };
}
export type CalendarConnectionRepository = ReturnType<typeof createCalendarConnectionRepository>;
