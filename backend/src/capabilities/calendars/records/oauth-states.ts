import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CalendarService } from '@shared/calendar';
import { keys } from '../../../platform/dynamo/keys';

/** Long enough for the 5-minute popup (spec §9) plus a slow consent screen; TTL removes abandoned ones. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/** A pending authorization: who started it, for which service, and the PKCE verifier only we know. */
export type OAuthStateRecord = {
  state: string;
  user_id: string;
  service: CalendarService;
  code_verifier: string;
  redirect_uri: string;
  /** The app origin (from the CORS allow-list) the callback page posts its result to. */
  app_origin: string;
  created_at: string;
  expires_at: number;
};

export function createOAuthStateRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async save(record: Omit<OAuthStateRecord, 'created_at' | 'expires_at'>): Promise<void> {
      const createdAt = now();
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.oauthState(record.state),
            // Lists the owner's pending states for account deletion (a state outliving its owner would
            // let a late callback store a calendar connection for a deleted account).
            gsi1pk: keys.oauthStateOwner(record.user_id),
            gsi1sk: record.state,
            ...record,
            created_at: createdAt.toISOString(),
            expires_at: Math.floor(createdAt.getTime() / 1000) + OAUTH_STATE_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    /**
     * Removes and returns the state in one call, so a state works once even when two callbacks race.
     * Expired states count as absent: TTL deletion can lag by hours.
     */
    async take(state: string): Promise<OAuthStateRecord | undefined> {
      const { Attributes } = await doc.send(
        new DeleteCommand({ TableName: tableName, Key: keys.oauthState(state), ReturnValues: 'ALL_OLD' }),
      );
      if (!Attributes) return undefined;
      const record = Attributes as OAuthStateRecord;
      return record.expires_at * 1000 > now().getTime() ? record : undefined;
    },
  };
}
export type OAuthStateRepository = ReturnType<typeof createOAuthStateRepository>;
