import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { SMS_LAPSED_NOTICE_HOURS } from '@shared/sms';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/**
 * What the SMS channel itself remembers (docs/data-model.md "SMS channel"): which Twilio MessageSids were
 * already handled (a duplicate delivery gets no second reply), who texted STOP to which assistant number
 * (nothing more is sent to them from it), and when a lapsed owner's texter was last told the business's number.
 */

/** Twilio does not redeliver a message after days; the handled-message record expires after this. */
const HANDLED_MESSAGE_DAYS = 7;

export type InboundClaim = 'new' | 'duplicate';

export function createSmsMessagingRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const epochSeconds = () => Math.floor(now().getTime() / 1000);

  return {
    /** Claims a MessageSid with one conditional put: exactly one of several deliveries of it is 'new'. */
    async claimInbound(
      messageSid: string,
      message: { ownerId: string; from: string; to: string },
    ): Promise<InboundClaim> {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.smsInbound(messageSid),
              message_sid: messageSid,
              owner_id: message.ownerId,
              from: message.from,
              to: message.to,
              status: 'processing',
              received_at: now().toISOString(),
              expires_at: epochSeconds() + HANDLED_MESSAGE_DAYS * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return 'new';
      } catch (error) {
        if (isConditionFailure(error)) return 'duplicate';
        throw error;
      }
    },

    /** Marks the message answered, with what was replied (kept for support, never sent twice). */
    async completeInbound(messageSid: string, outcome: string) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.smsInbound(messageSid),
          UpdateExpression: 'SET #status = :done, outcome = :outcome',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':done': 'done', ':outcome': outcome },
        }),
      );
    },

    /** A message whose handling failed is forgotten, so Twilio's retry of it is handled afresh. */
    async releaseInbound(messageSid: string) {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.smsInbound(messageSid),
            ConditionExpression: '#status = :processing',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':processing': 'processing' },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /**
     * Which of these callers opted out of the number (BatchGetItem, 100 keys a request, strongly consistent):
     * the reminder sweep's check for a whole owner at once (docs/decisions/175-reminders.md).
     */
    async optedOutAmong(assistantNumber: string, callers: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      const unique = [...new Set(callers)];
      for (let start = 0; start < unique.length; start += 100) {
        let keysLeft: Array<Record<string, unknown>> = unique
          .slice(start, start + 100)
          .map((caller) => keys.smsOptOut(assistantNumber, caller));
        for (let attempt = 0; keysLeft.length > 0; attempt += 1) {
          if (attempt >= 8) throw new Error('batch get kept being throttled');
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
          const page = await doc.send(
            new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keysLeft, ConsistentRead: true } } }),
          );
          for (const item of page.Responses?.[tableName] ?? []) {
            const key = unique.find((caller) => {
              const k = keys.smsOptOut(assistantNumber, caller);
              return k.pk === item.pk && k.sk === item.sk;
            });
            if (key) found.add(key);
          }
          keysLeft = (page.UnprocessedKeys?.[tableName]?.Keys ?? []) as typeof keysLeft;
        }
      }
      return found;
    },

    async isOptedOut(assistantNumber: string, caller: string): Promise<boolean> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.smsOptOut(assistantNumber, caller),
          ConsistentRead: true,
        }),
      );
      return Item !== undefined;
    },

    /** STOP: one item per (assistant number, caller); a repeated STOP keeps the first time. */
    async optOut(assistantNumber: string, caller: string, ownerId: string) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.smsOptOut(assistantNumber, caller),
              assistant_number: assistantNumber,
              caller,
              owner_id: ownerId,
              opted_out_at: now().toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** START: the caller may be texted from this number again. */
    async optIn(assistantNumber: string, caller: string) {
      await doc.send(
        new DeleteCommand({ TableName: tableName, Key: keys.smsOptOut(assistantNumber, caller) }),
      );
    },

    /**
     * Whether to tell this caller (again) that a lapsed owner's number is not answering: true at most once
     * per SMS_LAPSED_NOTICE_HOURS per (owner, caller), decided by one conditional put.
     */
    async claimLapsedNotice(ownerId: string, caller: string): Promise<boolean> {
      const seconds = epochSeconds();
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.smsLapsedNotice(ownerId, caller),
              caller,
              noticed_at: now().toISOString(),
              expires_at: seconds + SMS_LAPSED_NOTICE_HOURS * 3600,
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
  };
}
export type SmsMessagingRepository = ReturnType<typeof createSmsMessagingRepository>;
