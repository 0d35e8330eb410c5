import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { APP_TABLE } from '../../../platform/dynamo/table-definition';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/**
 * Who holds which assistant phone number. One item per E.164 number, written with a condition, is what
 * guarantees that two owners never get the same number, whatever the telephony provider does.
 * A claim is 'pending' while the provider buys the number and 'active' once bought.
 */
export type PhoneReservation = {
  phone_number: string;
  owner_id: string;
  /**
   * pending: claimed, being bought; active: the owner's assistant phone; releasing: given up by the owner
   * but not yet confirmed released at the provider (the owner's next number change retries the release).
   */
  status: 'pending' | 'active' | 'releasing';
  /** The provider's id of the bought number (Twilio's IncomingPhoneNumber sid), set when active. */
  provider_sid?: string;
  reserved_at: string;
};

export type ClaimResult =
  { outcome: 'claimed' } | { outcome: 'already-yours'; reservation: PhoneReservation } | { outcome: 'taken' };

/** A pending claim whose purchase never finished (crashed request) frees the number after this long. */
const PENDING_CLAIM_SECONDS = 15 * 60;
/**
 * How long one owner's number change may hold the owner's lock. Longer than any provider call (their
 * timeouts are shorter); a crashed request's lock lapses after it, and activation checks the lock is still
 * its own, so two changes of one owner never interleave.
 */
export const PHONE_CHANGE_LEASE_SECONDS = 60;
const BATCH_GET_LIMIT = 100;

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
    async activate(
      ownerId: string,
      phoneNumber: string,
      providerSid: string,
      release: string[],
      /** The change lock this activation must still hold (omitted by seeders that hold no lock). */
      lockToken?: string,
    ) {
      const mine = { ':me': ownerId };
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            ...(lockToken === undefined
              ? []
              : [
                  {
                    ConditionCheck: {
                      TableName: tableName,
                      Key: keys.phoneChangeLock(ownerId),
                      ConditionExpression: 'lock_token = :token',
                      ExpressionAttributeValues: { ':token': lockToken },
                    },
                  },
                ]),
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
                // Kept as 'releasing' until the provider confirms the release (forget), so a failure
                // between here and the provider leaves a record that the next change retries.
                Update: {
                  TableName: tableName,
                  Key: keys.phoneReservation(n),
                  UpdateExpression: 'SET #status = :releasing',
                  ConditionExpression: 'owner_id = :me',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ...mine, ':releasing': 'releasing' },
                },
              })),
          ],
        }),
      );
    },

    /**
     * Takes the owner's number-change lock (one conditional put), so an owner's changes run one at a time
     * whatever the concurrency: false when another change holds a live lease.
     */
    async acquireChangeLock(ownerId: string, lockToken: string): Promise<boolean> {
      const seconds = epochSeconds();
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.phoneChangeLock(ownerId),
              lock_token: lockToken,
              expires_at: seconds + PHONE_CHANGE_LEASE_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
            ExpressionAttributeValues: { ':now': seconds },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async releaseChangeLock(ownerId: string, lockToken: string) {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.phoneChangeLock(ownerId),
            ConditionExpression: 'lock_token = :token',
            ExpressionAttributeValues: { ':token': lockToken },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** Remembers the provider's sid of a number bought but not yet activated, so a repair can release it. */
    async recordPurchase(ownerId: string, phoneNumber: string, providerSid: string) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.phoneReservation(phoneNumber),
          UpdateExpression: 'SET provider_sid = :sid',
          ConditionExpression: 'owner_id = :me',
          ExpressionAttributeValues: { ':sid': providerSid, ':me': ownerId },
        }),
      );
    },

    /** Forgets a number the owner gave up (released at the provider, or never bought). */
    async forget(ownerId: string, phoneNumber: string) {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.phoneReservation(phoneNumber),
            ConditionExpression: 'owner_id = :me AND #status <> :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':me': ownerId, ':active': 'active' },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
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
