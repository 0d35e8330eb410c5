import { createHash } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '../../platform/dynamo/keys';

/**
 * What the local calendar vendors remember, like a real authorization server: issued codes (one use,
 * short-lived, bound to the PKCE challenge and redirect URI) and refresh tokens (until revoked). Keys hold a
 * SHA-256 of the secret, never the secret itself.
 */
export type LocalCodeGrant = {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  expires_at: number;
  /** The vendor account that consented: whose local calendar the tokens open. */
  account: string;
};
export type LocalRefreshGrant = { client_id: string; scope: string; account: string };
/** An issued access token, so the local calendar API can check it like the vendor does (expiry, revocation). */
export type LocalAccessGrant = { account: string; scope: string; expires_at: number; refresh_hash: string };

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function createLocalOAuthGrantStore(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const revokeRefreshHash = async (service: string, refreshHash: string) => {
    await doc.send(
      new DeleteCommand({ TableName: tableName, Key: keys.localOAuthGrant(service, 'REFRESH', refreshHash) }),
    );
  };
  return {
    /** The SHA-256 the store keys a secret by (the local calendar page names a consent by it). */
    hashOf: hash,
    async saveCode(service: string, code: string, grant: LocalCodeGrant): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.localOAuthGrant(service, 'CODE', hash(code)), ...grant },
        }),
      );
    },
    /** A code works once: it is deleted as it is read. */
    async takeCode(service: string, code: string): Promise<LocalCodeGrant | undefined> {
      const { Attributes } = await doc.send(
        new DeleteCommand({
          TableName: tableName,
          Key: keys.localOAuthGrant(service, 'CODE', hash(code)),
          ReturnValues: 'ALL_OLD',
        }),
      );
      const grant = Attributes as LocalCodeGrant | undefined;
      return grant && grant.expires_at * 1000 > now().getTime() ? grant : undefined;
    },
    async saveRefreshToken(service: string, token: string, grant: LocalRefreshGrant): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.localOAuthGrant(service, 'REFRESH', hash(token)), ...grant },
        }),
      );
      // The account remembers its consents, so removing the app's access can revoke them all.
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.localOAuthGrant(service, 'ACCOUNT', grant.account),
          UpdateExpression: 'ADD refresh_hashes :hash',
          ExpressionAttributeValues: { ':hash': new Set([hash(token)]) },
        }),
      );
    },
    /** Removes the app's access to an account (every consent it gave); answers how many there were. */
    async revokeAccount(service: string, account: string): Promise<number> {
      const { Attributes } = await doc.send(
        new DeleteCommand({
          TableName: tableName,
          Key: keys.localOAuthGrant(service, 'ACCOUNT', account),
          ReturnValues: 'ALL_OLD',
        }),
      );
      const hashes = [...((Attributes?.refresh_hashes as Set<string> | undefined) ?? [])];
      await Promise.all(hashes.map((refreshHash) => revokeRefreshHash(service, refreshHash)));
      return hashes.length;
    },
    async getRefreshToken(service: string, token: string): Promise<LocalRefreshGrant | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.localOAuthGrant(service, 'REFRESH', hash(token)) }),
      );
      return Item as LocalRefreshGrant | undefined;
    },
    async revokeRefreshToken(service: string, token: string): Promise<void> {
      await revokeRefreshHash(service, hash(token));
    },
    async saveAccessToken(service: string, token: string, grant: LocalAccessGrant): Promise<void> {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.localOAuthGrant(service, 'ACCESS', hash(token)), ...grant },
        }),
      );
    },
    /** A live access token's grant: not expired, and its refresh token (the consent) not revoked. */
    async getAccessToken(service: string, token: string): Promise<LocalAccessGrant | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.localOAuthGrant(service, 'ACCESS', hash(token)) }),
      );
      const grant = Item as LocalAccessGrant | undefined;
      if (!grant || grant.expires_at * 1000 <= now().getTime()) return undefined;
      const consent = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.localOAuthGrant(service, 'REFRESH', grant.refresh_hash),
        }),
      );
      return consent.Item ? grant : undefined;
    },
  };
}
export type LocalOAuthGrantStore = ReturnType<typeof createLocalOAuthGrantStore>;
