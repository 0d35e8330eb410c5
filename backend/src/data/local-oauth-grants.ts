import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';

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
};
export type LocalRefreshGrant = { client_id: string; scope: string };

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function createLocalOAuthGrantStore(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
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
    },
    async getRefreshToken(service: string, token: string): Promise<LocalRefreshGrant | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.localOAuthGrant(service, 'REFRESH', hash(token)) }),
      );
      return Item as LocalRefreshGrant | undefined;
    },
    async revokeRefreshToken(service: string, token: string): Promise<void> {
      await doc.send(
        new DeleteCommand({
          TableName: tableName,
          Key: keys.localOAuthGrant(service, 'REFRESH', hash(token)),
        }),
      );
    },
  };
}
export type LocalOAuthGrantStore = ReturnType<typeof createLocalOAuthGrantStore>;
