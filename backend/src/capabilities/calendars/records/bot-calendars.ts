import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BotCalendar } from '@shared/schemas/calendar';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';
import { transactWithSetupSources } from '../../../platform/dynamo/setup-sources';

export type StoredBotCalendar = BotCalendar & { assistant_phone: string };

const KEY_ATTRIBUTES = new Set(['pk', 'sk']);
const stripKeys = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([key]) => !KEY_ATTRIBUTES.has(key))) as StoredBotCalendar;

/** The 'Business Calendar' we keep for a business (setup step 7, choice 'bot') and whom it is shared with. */
export function createBotCalendarRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async get(userId: string): Promise<StoredBotCalendar | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.botCalendar(userId) }),
      );
      return Item ? stripKeys(Item) : undefined;
    },

    /**
     * Creates the calendar once; a repeated call returns the first one unchanged. The config's setup
     * sources learn of it in the same transaction (docs/decisions/187-config-one-read.md).
     */
    async createOnce(
      userId: string,
      calendar: Omit<StoredBotCalendar, 'created_at'>,
    ): Promise<{ calendar: StoredBotCalendar; created: boolean }> {
      const item = { ...calendar, created_at: now().toISOString() };
      const created = await transactWithSetupSources({ doc, tableName }, userId, { bot_calendar: true }, [
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.botCalendar(userId), ...item },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
      return created ? { calendar: item, created } : { calendar: (await this.get(userId))!, created };
    },

    /** Records a share; false when the calendar was already shared with that address. */
    async recordShare(userId: string, email: string): Promise<boolean> {
      const normalized = email.toLowerCase();
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.botCalendarShare(userId, normalized),
              email: normalized,
              shared_at: now().toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return false;
      }
    },
  };
}
export type BotCalendarRepository = ReturnType<typeof createBotCalendarRepository>;
