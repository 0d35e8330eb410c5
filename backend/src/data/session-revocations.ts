import { BatchGetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MAX_TOKEN_LIFETIME_SECONDS } from '@shared/session';
import { stateOf } from './account-deletions';
import { keys, userKey } from './keys';

/**
 * Revoked sessions (issue 10 §7). Cognito signs tokens that stay verifiable until they expire, even after
 * RevokeToken / GlobalSignOut / DeleteUser; its tokens carry `origin_jti`, shared by every ID and access
 * token minted from one refresh token. So we keep, per owner:
 * - `REVOKED#JTI#<origin_jti>`: one session (one sign-in and its refreshes) ended;
 * - `REVOKED#ALL`: every token issued at or before `revoked_before` (global sign-out, account deletion).
 * Both expire by TTL once every token they cover has expired. Checking is one BatchGet by key.
 */
const ALL_SK = 'REVOKED#ALL';
const jtiSk = (originJti: string) => `REVOKED#JTI#${originJti}`;

export type TokenIdentity = { sub: string; originJti?: string; issuedAtSeconds?: number };
/** Whether a verified token's session may act: account deletion (any state) outranks a revoked session. */
export type SessionState = 'active' | 'revoked' | 'account-deleting' | 'account-deleted';

export function createSessionRevocationRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  return {
    /** Ends one session: every token minted from the refresh token whose jti is `originJti`. */
    async revokeSession(sub: string, originJti: string): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: userKey(sub),
            sk: jtiSk(originJti),
            revoked_at: now().toISOString(),
            expires_at: nowSeconds() + MAX_TOKEN_LIFETIME_SECONDS,
          },
        }),
      );
    },

    /** Ends every session of the owner: tokens issued up to now are refused, later sign-ins work. */
    async revokeAll(sub: string): Promise<void> {
      const before = nowSeconds();
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              pk: userKey(sub),
              sk: ALL_SK,
              revoked_before: before,
              expires_at: before + MAX_TOKEN_LIFETIME_SECONDS,
            },
            // Parallel sign-outs never move the line back in time.
            ConditionExpression: 'attribute_not_exists(pk) OR revoked_before <= :before',
            ExpressionAttributeValues: { ':before': before },
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    },

    /**
     * The token's session state, from one consistent BatchGet by key: the session's and the owner's
     * revocations and the account-deletion marker (kept outside the owner's partition, which deletion
     * erases). A token issued in the same second as a global revocation is refused too (iat has one-second
     * precision): the safe side, and a new sign-in takes longer than that.
     */
    async sessionState({ sub, originJti, issuedAtSeconds }: TokenIdentity): Promise<SessionState> {
      const deletionKey = keys.accountDeletion(sub);
      const Keys = [{ pk: userKey(sub), sk: ALL_SK }, deletionKey];
      if (originJti) Keys.push({ pk: userKey(sub), sk: jtiSk(originJti) });
      const result = await doc.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys, ConsistentRead: true } } }),
      );
      const items = result.Responses?.[tableName] ?? [];
      const current = nowSeconds();
      const deletion = stateOf(
        items.find((item) => item.pk === deletionKey.pk),
        current,
      );
      if (deletion) return deletion === 'deleted' ? 'account-deleted' : 'account-deleting';
      const revoked = items.some((item) => {
        if (item.pk === deletionKey.pk) return false;
        if (Number(item.expires_at) < current) return false; // TTL deletes lazily; expired means gone.
        if (item.sk === ALL_SK) {
          return issuedAtSeconds === undefined || issuedAtSeconds <= Number(item.revoked_before);
        }
        return true;
      });
      return revoked ? 'revoked' : 'active';
    },
  };
}
export type SessionRevocationRepository = ReturnType<typeof createSessionRevocationRepository>;
