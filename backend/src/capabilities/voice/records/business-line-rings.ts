import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  transactionConditionFailures,
  unlessConditionFails,
} from '../../../platform/dynamo/condition-failures';
import type { TransactItem } from '../../../platform/dynamo/setup-sources';

/**
 * What marking a ring picked up came to: done; nothing to do (no such ring, or a retry found it picked up
 * already); or an item written alongside refused its condition (`index` among them), so nothing was written.
 */
export type PickedUpResult = 'marked' | 'already' | { refusedAlongside: number };

/** A ring lasts seconds; the item stays a day (a late status callback still finds it), then its TTL removes it. */
export const BUSINESS_LINE_RING_TTL_SECONDS = 24 * 60 * 60;

export type BusinessLineRing = {
  ownerId: string;
  /** When the business line started ringing (epoch milliseconds): when the call reached the business. */
  rangAtMs: number;
  /** The business line picked up (the <Dial action> said so): the call was the owner's, not missed. */
  pickedUp: boolean;
};

/**
 * Ring me first (docs/decisions/173-answer-modes.md): the business's own line rings before the assistant
 * answers. One item per such call (RINGFIRST#<CallSid>), so the final status callback can tell a caller who
 * hung up while the business line rang (missed: no conversation was ever made) from a call the owner took.
 */
export function createBusinessLineRingRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
) {
  const key = (callSid: string) => ({ pk: `RINGFIRST#${callSid}`, sk: 'CALL' });
  /** The marker first, then what is written with it: all of it, or (marker refused) nothing. */
  async function transactOnce(marker: TransactItem, alongside: TransactItem[]): Promise<PickedUpResult> {
    try {
      await doc.send(new TransactWriteCommand({ TransactItems: [marker, ...alongside] }));
      return 'marked';
    } catch (error) {
      const failed = transactionConditionFailures(error)?.indexOf(true) ?? -1;
      if (failed === 0) return 'already';
      if (failed > 0) return { refusedAlongside: failed - 1 };
      throw error;
    }
  }
  return {
    /** The business line starts ringing; a retried webhook rewrites the same item. */
    async ringing(callSid: string, ownerId: string): Promise<void> {
      const atMs = now();
      const at = Math.floor(atMs / 1000);
      await unlessConditionFails(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...key(callSid),
              owner_id: ownerId,
              rang_at: at,
              // To the millisecond: the owner-answered call's log record starts here, and the call log
              // orders calls by their start.
              rang_at_ms: atMs,
              expires_at: at + BUSINESS_LINE_RING_TTL_SECONDS,
            },
            // A repeated first ring must not forget that the owner already picked up.
            ConditionExpression: 'attribute_not_exists(picked_up_at)',
          }),
        ),
      );
    },
    /**
     * The business line picked up. With `alongside` (the call's log record and its count), those are
     * written in the same transaction, once: a retried callback finds the ring picked up and writes nothing.
     */
    async pickedUp(callSid: string, alongside: TransactItem[] = []): Promise<PickedUpResult> {
      const mark = {
        TableName: tableName,
        Key: key(callSid),
        UpdateExpression: 'SET picked_up_at = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(picked_up_at)',
        ExpressionAttributeValues: { ':at': Math.floor(now() / 1000) },
      };
      if (alongside.length === 0) {
        return (await unlessConditionFails(() => doc.send(new UpdateCommand(mark)))) ? 'marked' : 'already';
      }
      return transactOnce({ Update: mark }, alongside);
    },
    /**
     * After hours only, in opening hours: the call went to the business line with a plain <Dial> and no item
     * before its TwiML (the first ring stays as light as it was). Its <Dial action> writes `alongside` (the
     * call's log record and its count) once per CallSid, with a marker of its own (OPENHOURS#<CallSid>, not
     * RINGFIRST#: the status callback's missed-call rules read those only): a retried callback finds the
     * marker and writes nothing.
     */
    async businessLineCallOnce(
      callSid: string,
      ownerId: string,
      alongside: TransactItem[],
    ): Promise<PickedUpResult> {
      const at = Math.floor(now() / 1000);
      const mark = {
        TableName: tableName,
        Item: {
          pk: `OPENHOURS#${callSid}`,
          sk: 'CALL',
          owner_id: ownerId,
          recorded_at: at,
          expires_at: at + BUSINESS_LINE_RING_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      };
      return transactOnce({ Put: mark }, alongside);
    },
    async get(callSid: string): Promise<BusinessLineRing | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: key(callSid), ConsistentRead: true }),
      );
      return Item
        ? {
            ownerId: Item.owner_id as string,
            // Rings written before rang_at_ms (a day's TTL) have the second only.
            rangAtMs: Item.rang_at_ms !== undefined ? Number(Item.rang_at_ms) : Number(Item.rang_at) * 1000,
            pickedUp: Item.picked_up_at !== undefined,
          }
        : undefined;
    },
  };
}
export type BusinessLineRingRepository = ReturnType<typeof createBusinessLineRingRepository>;
