import { BatchGetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MAX_TOKEN_LIFETIME_SECONDS } from '@shared/session';
import { stateOf } from './account-deletion-state';
import { keys, userKey } from '../dynamo/keys';
import { isConditionFailure } from '../dynamo/condition-failures';

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

/**
 * How long an instance trusts its last "not revoked" answer for one session. Every authenticated request
 * checked revocation with a consistent BatchGet, the app's largest cost over a bare read
 * (bench/README.md, api_get_config); within this window the answer is reused. A sign-out made through this
 * instance drops the owner's entries at once, so it is refused at once here; one made through another
 * instance is refused here at most this long after. The same holds for account deletion: the deletion
 * route drops the owner's entries when it marks the account (routes/account/delete-account.ts).
 */
export const REVOCATION_CACHE_MS = 1000;
/** Sessions remembered per instance; the oldest goes first. */
const REVOCATION_CACHE_SIZE = 1000;

export function createSessionRevocationRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
  { cacheMs = REVOCATION_CACHE_MS, monotonicMs = () => performance.now() } = {},
) {
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  // identity → the pending or settled answer and when it was asked; a miss under parallel requests is one read.
  // `settled` is the answer once it has come (for knownState, which must not wait).
  const recent = new Map<
    string,
    { answer: Promise<SessionState>; askedAtMs: number; settled?: SessionState }
  >();
  const identityKey = ({ sub, originJti, issuedAtSeconds }: TokenIdentity) =>
    `${sub}\u0000${originJti ?? ''}\u0000${issuedAtSeconds ?? ''}`;
  const forgetOwner = (sub: string) => {
    for (const key of recent.keys()) if (key.startsWith(`${sub}\u0000`)) recent.delete(key);
  };

  /**
   * One consistent BatchGet by key: the session's and the owner's revocations and the account-deletion
   * marker (kept outside the owner's partition, which deletion erases).
   */
  async function readState({ sub, originJti, issuedAtSeconds }: TokenIdentity): Promise<SessionState> {
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
  }

  return {
    /** Ends one session: every token minted from the refresh token whose jti is `originJti`. */
    async revokeSession(sub: string, originJti: string): Promise<void> {
      // Before and after the write: a check that read the old state meanwhile must not be reused either.
      forgetOwner(sub);
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
      forgetOwner(sub);
    },

    /** Ends every session of the owner: tokens issued up to now are refused, later sign-ins work. */
    async revokeAll(sub: string): Promise<void> {
      forgetOwner(sub);
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
        if (!isConditionFailure(error)) throw error;
      } finally {
        forgetOwner(sub);
      }
    },

    /** Drops what this instance remembers of the owner's sessions (account deletion marks the account). */
    forgetOwner,

    /**
     * The token's session state. A token issued in the same second as a global revocation is refused too
     * (iat has one-second precision): the safe side, and a new sign-in takes longer than that.
     * Not an async function: it answers the shared read's own promise, where an async wrapper would add
     * a promise and resolve one promise with another (more promises and ticks) on every request.
     */
    sessionState(identity: TokenIdentity): Promise<SessionState> {
      const key = identityKey(identity);
      const hit = recent.get(key);
      if (hit && monotonicMs() - hit.askedAtMs < cacheMs) return hit.answer;
      recent.delete(key);
      if (recent.size >= REVOCATION_CACHE_SIZE) recent.delete(recent.keys().next().value!);
      const answer = readState(identity);
      const entry: { answer: Promise<SessionState>; askedAtMs: number; settled?: SessionState } = {
        answer,
        askedAtMs: monotonicMs(),
      };
      recent.set(key, entry);
      // A failed read or an ended session is never reused: the next request asks again.
      const drop = () => {
        if (recent.get(key) === entry) recent.delete(key);
      };
      answer.then((state) => {
        if (state === 'active') entry.settled = state;
        else drop();
      }, drop);
      return answer;
    },

    /**
     * sessionState's answer when it can be given without waiting: the session's last read has come back
     * 'active' within the cache window (the only answer kept). Undefined otherwise: ask sessionState.
     */
    knownState(identity: TokenIdentity): SessionState | undefined {
      const hit = recent.get(identityKey(identity));
      return hit && monotonicMs() - hit.askedAtMs < cacheMs ? hit.settled : undefined;
    },

    /** True when the token may not act (session ended or account deleted). */
    async isRevoked(identity: TokenIdentity): Promise<boolean> {
      return (await this.sessionState(identity)) !== 'active';
    },
  };
}
export type SessionRevocationRepository = ReturnType<typeof createSessionRevocationRepository>;
