import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { APP_TABLE } from './table-definition';
import { keys } from './keys';

/**
 * Who holds which assistant phone number. One item per E.164 number, written with a condition, is what
 * guarantees that two owners never get the same number, whatever the telephony provider does.
 * A claim is 'pending' while the provider buys the number and 'active' once bought.
 */
export type PhoneReservation = {
  phone_number: string;
  owner_id: string;
  status: 'pending' | 'active';
  /** The provider's id of the bought number (Twilio's IncomingPhoneNumber sid), set when active. */
  provider_sid?: string;
  reserved_at: string;
};

export type ClaimResult =
  { outcome: 'claimed' } | { outcome: 'already-yours'; reservation: PhoneReservation } | { outcome: 'taken' };

/** A pending claim whose purchase never finished (crashed request) frees the number after this long. */
const PENDING_CLAIM_SECONDS = 15 * 60;
const BATCH_GET_LIMIT = 100;

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

const toReservation = (item: Record<string, unknown>): PhoneReservation => ({
  phone_number: item.phone_number as string,
  owner_id: item.owner_id as string,
  status: item.status as PhoneReservation['status'],
  ...(item.provider_sid ? { provider_sid: item.provider_sid as string } : {}),
  reserved_at: item.reserved_at as string,
});

export function createPhoneReservationRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const epochSeconds = () => Math.floor(now().getTime() / 1000);

  return {
    async get(phoneNumber: string): Promise<PhoneReservation | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.phoneReservation(phoneNumber),
          ConsistentRead: true,
        }),
      );
      return Item ? toReservation(Item) : undefined;
    },

    /** Which of these numbers somebody holds (by key, at most a few dozen per search). */
    async heldAmong(phoneNumbers: string[]): Promise<Set<string>> {
      const held = new Set<string>();
      const unique = [...new Set(phoneNumbers)];
      for (let i = 0; i < unique.length; i += BATCH_GET_LIMIT) {
        let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
          [tableName]: { Keys: unique.slice(i, i + BATCH_GET_LIMIT).map((n) => keys.phoneReservation(n)) },
        };
        while (request && Object.keys(request).length > 0) {
          const result = await doc.send(new BatchGetCommand({ RequestItems: request }));
          for (const item of result.Responses?.[tableName] ?? []) {
            const reservation = toReservation(item);
            if (!isExpiredPending(item, epochSeconds())) held.add(reservation.phone_number);
          }
          request = result.UnprocessedKeys as typeof request;
        }
      }
      return held;
    },

    /** Every number the owner holds, active or pending (gsi1, by owner). */
    async heldBy(ownerId: string): Promise<PhoneReservation[]> {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: APP_TABLE.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :holder',
          ExpressionAttributeValues: { ':holder': keys.phoneHolder(ownerId) },
        }),
      );
      return (Items ?? []).map(toReservation);
    },

    /**
     * Reserves the number for the owner with one conditional put: it succeeds only when nobody holds the
     * number (or an abandoned pending claim has expired). When the owner already holds it, says so.
     */
    async claim(ownerId: string, phoneNumber: string): Promise<ClaimResult> {
      const seconds = epochSeconds();
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.phoneReservation(phoneNumber),
              gsi1pk: keys.phoneHolder(ownerId),
              gsi1sk: phoneNumber,
              phone_number: phoneNumber,
              owner_id: ownerId,
              status: 'pending',
              reserved_at: now().toISOString(),
              expires_at: seconds + PENDING_CLAIM_SECONDS,
            },
            ConditionExpression:
              'attribute_not_exists(pk) OR (#status = :pending AND expires_at < :now AND owner_id <> :me)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pending': 'pending', ':now': seconds, ':me': ownerId },
          }),
        );
        return { outcome: 'claimed' };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const existing = await this.get(phoneNumber);
      if (existing?.owner_id === ownerId) return { outcome: 'already-yours', reservation: existing };
      return { outcome: 'taken' };
    },

    /**
     * One transaction: the claimed number becomes active with the provider's sid and every number the owner
     * gives up is released, so the owner never holds both or neither.
     */
    async activate(ownerId: string, phoneNumber: string, providerSid: string, release: string[]) {
      const mine = { ':me': ownerId };
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: keys.phoneReservation(phoneNumber),
                UpdateExpression: 'SET #status = :active, provider_sid = :sid REMOVE expires_at',
                ConditionExpression: 'owner_id = :me',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ...mine, ':active': 'active', ':sid': providerSid },
              },
            },
            ...release
              .filter((n) => n !== phoneNumber)
              .map((n) => ({
                Delete: {
                  TableName: tableName,
                  Key: keys.phoneReservation(n),
                  // A number already gone (a concurrent pick released it) is fine; another owner's never is.
                  ConditionExpression: 'attribute_not_exists(pk) OR owner_id = :me',
                  ExpressionAttributeValues: mine,
                },
              })),
          ],
        }),
      );
    },

    /** Gives up a pending claim whose purchase failed, so others can pick the number again. */
    async dropPending(ownerId: string, phoneNumber: string) {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.phoneReservation(phoneNumber),
            ConditionExpression: 'owner_id = :me AND #status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':me': ownerId, ':pending': 'pending' },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
export type PhoneReservationRepository = ReturnType<typeof createPhoneReservationRepository>;

function isExpiredPending(item: Record<string, unknown>, nowSeconds: number) {
  return item.status === 'pending' && typeof item.expires_at === 'number' && item.expires_at < nowSeconds;
}
