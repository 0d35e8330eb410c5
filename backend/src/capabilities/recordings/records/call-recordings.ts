import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { RECORDINGS_PER_MONTH, type RecordingStatus } from '@shared/call-recordings';
import { retentionExpiry } from '@shared/privacy';
import { queryAll } from '../../../platform/dynamo/batch-write';
import { unlessConditionFails } from '../../../platform/dynamo/condition-failures';
import { CALL_RECORDING_PREFIX, keys, userKey } from '../../../platform/dynamo/keys';

/** One call's recording as stored under its owner (docs/data-model.md "Call recordings"). */
export type StoredRecording = {
  owner_id: string;
  conversation_id: string;
  /** The provider's id (Twilio's RE…): what fetching and deleting the audio name. */
  recording_sid: string;
  call_sid: string;
  /** The caller's number: erasing a caller finds their recordings by it. */
  caller: string;
  /** When the call's conversation started: retention counts from it, as for the transcript. */
  conversation_started_at: string;
  status: RecordingStatus;
  duration_seconds?: number;
  channels: number;
  created_at: string;
  updated_at: string;
  /** The UTC day (yyyy-mm-dd) its due marker is filed under: the sweep deletes it at the provider then. */
  due_day: string;
};

/** The UTC day a recording's retention ends (its due marker's bucket). */
export const dueDayOf = (conversationStartedAt: string, retentionDays: number) =>
  new Date(retentionExpiry(conversationStartedAt, retentionDays) * 1000).toISOString().slice(0, 10);

/** A day after its due day DynamoDB's TTL takes the item anyway: the sweep has had a day to delete the audio. */
const itemExpiry = (dueDay: string) => Math.floor(Date.parse(`${dueDay}T00:00:00Z`) / 1000) + 2 * 86_400;

const toRecording = (item: Record<string, unknown>): StoredRecording => {
  const { pk: _pk, sk: _sk, expires_at: _expires, ...rest } = item;
  return rest as StoredRecording;
};

/**
 * Call recordings: one item per call under its owner, a monthly counter (the per-owner limit, claimed with
 * a conditional ADD so parallel calls cannot pass it), and a due marker per recording bucketed by the day its
 * retention ends (the sweep that deletes the audio at the provider reads the buckets).
 */
export function createCallRecordingRepository(doc: DynamoDBDocumentClient, tableName: string) {
  const putDue = (recording: Pick<StoredRecording, 'owner_id' | 'conversation_id' | 'due_day'>) =>
    doc.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.callRecordingDue(recording.due_day, recording.owner_id, recording.conversation_id),
          owner_id: recording.owner_id,
          conversation_id: recording.conversation_id,
        },
      }),
    );
  const deleteDue = (day: string, ownerId: string, conversationId: string) =>
    doc.send(
      new DeleteCommand({ TableName: tableName, Key: keys.callRecordingDue(day, ownerId, conversationId) }),
    );

  /** The owner's recordings, only one caller's when `caller` is given. */
  async function ownerRecordings(ownerId: string, caller?: string): Promise<StoredRecording[]> {
    const found: StoredRecording[] = [];
    for await (const item of queryAll(doc, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ...(caller ? { FilterExpression: 'caller = :caller' } : {}),
      ExpressionAttributeValues: {
        ':pk': userKey(ownerId),
        ':prefix': CALL_RECORDING_PREFIX,
        ...(caller ? { ':caller': caller } : {}),
      },
    }))
      found.push(toRecording(item));
    return found;
  }

  const repository = {
    /**
     * Counts one more recording in the owner's month unless the limit is reached: false means this call
     * goes unrecorded. One conditional ADD, so parallel calls never pass the limit together. The month's
     * item also keeps the calls it counted, so Twilio retrying a call's webhook (same CallSid) is answered
     * from the first claim instead of taking a second slot (a thousand sids are about 34 KB).
     */
    async claimMonthlySlot(
      ownerId: string,
      month: string,
      callSid: string,
      limit = RECORDINGS_PER_MONTH,
    ): Promise<boolean> {
      const key = keys.callRecordingMonth(ownerId, month);
      const claimed = await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key,
            UpdateExpression:
              'ADD #count :one, #calls :call SET expires_at = if_not_exists(expires_at, :expires)',
            ConditionExpression:
              '(attribute_not_exists(#count) OR #count < :limit) AND NOT contains(#calls, :sid)',
            ExpressionAttributeNames: { '#count': 'count', '#calls': 'calls' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':call': new Set([callSid]),
              ':sid': callSid,
              ':limit': limit,
              // Kept two months past its own, then TTL removes it.
              ':expires': Math.floor(Date.parse(`${month}-01T00:00:00Z`) / 1000) + 92 * 86_400,
            },
          }),
        ),
      );
      if (claimed) return true;
      // Refused: either the month is full, or this call was counted already (a retry, or a retry racing
      // the first delivery), which keeps its slot.
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: key,
          ConsistentRead: true,
          ProjectionExpression: '#calls',
          ExpressionAttributeNames: { '#calls': 'calls' },
        }),
      );
      return (Item?.calls as Set<string> | undefined)?.has(callSid) === true;
    },

    async get(ownerId: string, conversationId: string): Promise<StoredRecording | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.callRecording(ownerId, conversationId) }),
      );
      return Item ? toRecording(Item) : undefined;
    },

    /**
     * Stores a status callback. Idempotent (Twilio retries): the same status again changes nothing, a
     * final status replaces `in-progress`, and nothing replaces a final status, so a late `in-progress`
     * cannot undo a `completed`. Another recording sid on the same call is refused (one per call).
     * Answers whether it was written.
     */
    async saveStatus(recording: StoredRecording): Promise<boolean> {
      const written = await unlessConditionFails(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.callRecording(recording.owner_id, recording.conversation_id),
              ...recording,
              expires_at: itemExpiry(recording.due_day),
            },
            ConditionExpression: 'attribute_not_exists(pk) OR (recording_sid = :sid AND #status = :progress)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':sid': recording.recording_sid, ':progress': 'in-progress' },
          }),
        ),
      );
      if (written) await putDue(recording);
      return written;
    },

    /** Every recording of one caller of the owner (a Query of the owner's partition, never a Scan). */
    ofCaller: (ownerId: string, caller: string) => ownerRecordings(ownerId, caller),

    /** Every recording of the owner. */
    ofOwner: (ownerId: string) => ownerRecordings(ownerId),

    /** Forgets a recording whose audio is gone at the provider: its item and its due marker. */
    async remove(recording: Pick<StoredRecording, 'owner_id' | 'conversation_id' | 'due_day'>) {
      await doc.send(
        new DeleteCommand({
          TableName: tableName,
          Key: keys.callRecording(recording.owner_id, recording.conversation_id),
        }),
      );
      await deleteDue(recording.due_day, recording.owner_id, recording.conversation_id);
    },

    /** Files the recording under another due day (the owner changed the retention period). */
    async moveDue(recording: StoredRecording, dueDay: string) {
      if (dueDay === recording.due_day) return;
      // Deleted meanwhile (an erasure): nothing left to move.
      const moved = await unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.callRecording(recording.owner_id, recording.conversation_id),
            UpdateExpression: 'SET due_day = :day, expires_at = :expires',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':day': dueDay, ':expires': itemExpiry(dueDay) },
          }),
        ),
      );
      if (moved) await putDue({ ...recording, due_day: dueDay });
      await deleteDue(recording.due_day, recording.owner_id, recording.conversation_id);
    },

    /** The due markers filed under one day: (owner, conversation) pairs. */
    async dueOn(day: string): Promise<Array<{ owner_id: string; conversation_id: string }>> {
      const found: Array<{ owner_id: string; conversation_id: string }> = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.callRecordingDueDay(day) },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? [])
          found.push({ owner_id: String(item.owner_id), conversation_id: String(item.conversation_id) });
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return found;
    },

    /** Drops a due marker whose recording is gone already (erased with the caller or the account). */
    forgetDue: deleteDue,
  };
  return repository;
}
export type CallRecordingRepository = ReturnType<typeof createCallRecordingRepository>;
