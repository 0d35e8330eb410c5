import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MISSED_CALL_TEXT_BACK_DEFAULT_ON } from '@shared/caller-gates';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/** The owner's text-back settings; `template` null means the default text in the caller's language. */
export type StoredMissedCallSettings = { enabled: boolean; template: string | null; updated_at?: string };

/** A claim outlives its business day in every time zone, then its TTL removes it (and the caller's number). */
const CLAIM_TTL_SECONDS = 2 * 86_400;

/**
 * The missed-call text-back's records (docs/data-model.md "Missed-call text-back", docs/decisions/176): the
 * owner's settings, and one claim per (owner, caller, business day) taken by a conditional put before the
 * text is sent, so parallel or repeated status callbacks send it once.
 */
export function createMissedCallTextRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async getSettings(ownerId: string): Promise<StoredMissedCallSettings> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.missedCallSettings(ownerId), ConsistentRead: true }),
      );
      if (!Item) return { enabled: MISSED_CALL_TEXT_BACK_DEFAULT_ON, template: null };
      return {
        enabled: Item.enabled === true,
        template: typeof Item.template === 'string' ? Item.template : null,
        ...(typeof Item.updated_at === 'string' ? { updated_at: Item.updated_at } : {}),
      };
    },

    /** One whole put: a save never leaves half the settings. */
    async saveSettings(
      ownerId: string,
      settings: { enabled: boolean; template: string | null },
    ): Promise<StoredMissedCallSettings> {
      const stored = { ...settings, updated_at: now().toISOString() };
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.missedCallSettings(ownerId), ...stored },
        }),
      );
      return stored;
    },

    /** True for exactly one of any number of claims of (owner, caller, day). */
    async claim(ownerId: string, caller: string, day: string): Promise<boolean> {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.missedCallText(ownerId, caller, day),
              claimed_at: now().toISOString(),
              expires_at: Math.floor(now().getTime() / 1000) + CLAIM_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** The text could not be sent (a provider error): the claim goes, so a later missed call may try again. */
    async release(ownerId: string, caller: string, day: string): Promise<void> {
      await doc.send(
        new DeleteCommand({ TableName: tableName, Key: keys.missedCallText(ownerId, caller, day) }),
      );
    },
  };
}
export type MissedCallTextRepository = ReturnType<typeof createMissedCallTextRepository>;
