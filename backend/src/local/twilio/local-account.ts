import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

/**
 * The local telephony provider's "Twilio account": the numbers bought through it, with the webhook URLs
 * they were pointed at, as Twilio's IncomingPhoneNumbers list would hold them, and Twilio's own opt-out list
 * per number (who texted a keyword to which number). The local phone page lists the numbers and delivers each
 * text to the number's own SMS URL, as Twilio does. Items live in the app table under LOCALTWILIO# so they
 * never mix with the app's own (docs/data-model.md "SMS channel").
 */
export type LocalIncomingNumber = {
  phone_number: string;
  sid: string;
  sms_url: string;
  voice_url: string;
  /** Where Twilio reports call status changes (absent on numbers bought before it was set). */
  status_callback_url?: string;
  purchased_at: string;
};

/** One text between an assistant number and a caller, as Twilio's Messages list holds it. */
export type LocalThreadMessage = {
  sid: string;
  /** inbound: the caller texted the assistant; outbound: the assistant texted the caller. */
  direction: 'inbound' | 'outbound';
  body: string;
  at: string;
};

const NUMBERS_PK = 'LOCALTWILIO#NUMBERS';
const threadPk = (assistantNumber: string, caller: string) =>
  `LOCALTWILIO#THREAD#${assistantNumber}#${caller}`;
/** The newest texts of a thread the page shows. */
const THREAD_PAGE = 200;
/** Local texts are kept a month (TTL), like a phone's history, not forever. */
const THREAD_DAYS = 30;
const numberKey = (phoneNumber: string) => ({ pk: NUMBERS_PK, sk: `NUMBER#${phoneNumber}` });
/** Keyed by the number itself, like Twilio's list: re-pointing the number's webhooks leaves it as it is. */
const optOutKey = (phoneNumber: string, caller: string) => ({
  pk: `LOCALTWILIO#OPTOUT#${phoneNumber}`,
  sk: `CALLER#${caller}`,
});
/** Far more than a developer buys locally; one Query page. */
const MAX_LISTED = 200;

const toNumber = (item: Record<string, unknown>): LocalIncomingNumber => ({
  phone_number: item.phone_number as string,
  sid: item.sid as string,
  sms_url: item.sms_url as string,
  voice_url: item.voice_url as string,
  ...(item.status_callback_url ? { status_callback_url: item.status_callback_url as string } : {}),
  purchased_at: item.purchased_at as string,
});

export function createLocalTwilioAccount(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    /** Buying again (the same owner re-picking) updates the URLs; the sid stays the number's. */
    async recordNumber(number: Omit<LocalIncomingNumber, 'purchased_at'>) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...numberKey(number.phone_number), ...number, purchased_at: now().toISOString() },
        }),
      );
    },

    async getNumber(phoneNumber: string): Promise<LocalIncomingNumber | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: numberKey(phoneNumber) }));
      return Item ? toNumber(Item) : undefined;
    },

    /** Every number of the local account, newest first (one partition, local only). */
    async listNumbers(): Promise<LocalIncomingNumber[]> {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': NUMBERS_PK },
          Limit: MAX_LISTED,
        }),
      );
      return (Items ?? []).map(toNumber).sort((a, b) => b.purchased_at.localeCompare(a.purchased_at));
    },

    /** Appends a text to the (assistant number, caller) thread. */
    async logMessage(assistantNumber: string, caller: string, message: LocalThreadMessage) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: threadPk(assistantNumber, caller),
            sk: `${message.at}#${message.sid}`,
            ...message,
            expires_at: Math.floor(now().getTime() / 1000) + THREAD_DAYS * 86_400,
          },
        }),
      );
    },

    /** The thread's texts, oldest first (the newest THREAD_PAGE of them). */
    async thread(assistantNumber: string, caller: string): Promise<LocalThreadMessage[]> {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': threadPk(assistantNumber, caller) },
          ScanIndexForward: false,
          Limit: THREAD_PAGE,
        }),
      );
      return (Items ?? [])
        .map((item) => ({
          sid: item.sid as string,
          direction: item.direction as LocalThreadMessage['direction'],
          body: item.body as string,
          at: item.at as string,
        }))
        .reverse();
    },

    /** Re-points a number's webhooks, as IncomingPhoneNumbers update does; false when no such number. */
    async pointWebhooks(
      sid: string,
      webhooks: { voiceUrl: string; smsUrl: string; statusCallbackUrl: string },
    ): Promise<boolean> {
      const held = (await this.listNumbers()).find((n) => n.sid === sid);
      if (!held) return false;
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: numberKey(held.phone_number),
          UpdateExpression: 'SET voice_url = :v, sms_url = :s, status_callback_url = :c',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':v': webhooks.voiceUrl,
            ':s': webhooks.smsUrl,
            ':c': webhooks.statusCallbackUrl,
          },
        }),
      );
      return true;
    },

    /** An opt-out keyword from `caller` to `phoneNumber`: Twilio blocks that number's texts to them. */
    async optOut(phoneNumber: string, caller: string) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...optOutKey(phoneNumber, caller), opted_out_at: now().toISOString() },
        }),
      );
    },

    async optIn(phoneNumber: string, caller: string) {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: optOutKey(phoneNumber, caller) }));
    },

    async isOptedOut(phoneNumber: string, caller: string): Promise<boolean> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: optOutKey(phoneNumber, caller), ConsistentRead: true }),
      );
      return Item !== undefined;
    },

    async removeBySid(sid: string) {
      const held = (await this.listNumbers()).find((n) => n.sid === sid);
      if (held)
        await doc.send(new DeleteCommand({ TableName: tableName, Key: numberKey(held.phone_number) }));
    },
  };
}
export type LocalTwilioAccount = ReturnType<typeof createLocalTwilioAccount>;
