import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { unlessConditionFails } from '../../../platform/dynamo/condition-failures';

/** A ring lasts seconds; the item stays a day (a late status callback still finds it), then its TTL removes it. */
export const BUSINESS_LINE_RING_TTL_SECONDS = 24 * 60 * 60;

export type BusinessLineRing = {
  ownerId: string;
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
  return {
    /** The business line starts ringing; a retried webhook rewrites the same item. */
    async ringing(callSid: string, ownerId: string): Promise<void> {
      const at = Math.floor(now() / 1000);
      await unlessConditionFails(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...key(callSid),
              owner_id: ownerId,
              rang_at: at,
              expires_at: at + BUSINESS_LINE_RING_TTL_SECONDS,
            },
            // A repeated first ring must not forget that the owner already picked up.
            ConditionExpression: 'attribute_not_exists(picked_up_at)',
          }),
        ),
      );
    },
    async pickedUp(callSid: string): Promise<void> {
      await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(callSid),
            UpdateExpression: 'SET picked_up_at = if_not_exists(picked_up_at, :at)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': Math.floor(now() / 1000) },
          }),
        ),
      );
    },
    async get(callSid: string): Promise<BusinessLineRing | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: key(callSid), ConsistentRead: true }),
      );
      return Item
        ? { ownerId: Item.owner_id as string, pickedUp: Item.picked_up_at !== undefined }
        : undefined;
    },
  };
}
export type BusinessLineRingRepository = ReturnType<typeof createBusinessLineRingRepository>;
