import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../../backend/src/platform/config/env';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { keys } from '../../backend/src/platform/dynamo/keys';
import {
  bearerToken,
  createTokenVerifier,
  withVerifiedTokenCache,
  type TokenVerifier,
} from '../../backend/src/platform/auth/token-verifier';

export type ConfigAnswer = { status: 200 | 401 | 403 | 404; body: Record<string, unknown> };

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expires_at']);

/**
 * What any authenticated API must do to answer the config read, and nothing else
 * (docs/decisions/187-config-one-read.md): verify the bearer token exactly as the app does (jose's RS256
 * check against the pool's JWKS, the key set fetched once and cached: createTokenVerifier, and a verified
 * token kept until its expiry: withVerifiedTokenCache), refuse a path that is not the token's own user
 * (403), then make one GetItem through the same document client (same SDK, keep-alive agent, table and
 * item) and answer the item without its key attributes. BENCH_BASELINE_VERIFY=every-request drops the
 * verified-token cache (an RS256 check per request), to show what that cache is worth. The baseline serves
 * it with node:http, the Hono floor with Hono on @hono/node-server, as the app is served.
 */
export function createConfigAnswer(config: AppConfig) {
  const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
  const signatureCheck = createTokenVerifier(config.cognito);
  const verifyToken: TokenVerifier =
    process.env.BENCH_BASELINE_VERIFY === 'every-request'
      ? signatureCheck
      : withVerifiedTokenCache(signatureCheck);

  return async (authorization: string | undefined, userId: string): Promise<ConfigAnswer> => {
    const token = bearerToken(authorization);
    if (!token) return { status: 401, body: { error: 'unauthorized' } };
    const user = await verifyToken(token).catch(() => undefined);
    if (!user) return { status: 401, body: { error: 'unauthorized' } };
    if (user.sub !== userId) return { status: 403, body: { error: 'forbidden' } };
    const { Item } = await doc.send(
      new GetCommand({ TableName: config.tableName, Key: keys.businessConfig(userId), ConsistentRead: true }),
    );
    if (!Item) return { status: 404, body: { error: 'not_found' } };
    return {
      status: 200,
      body: Object.fromEntries(Object.entries(Item).filter(([key]) => !KEY_ATTRIBUTES.has(key))),
    };
  };
}
