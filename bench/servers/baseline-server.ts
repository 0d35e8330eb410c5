import { createServer, type ServerResponse } from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { loadConfig } from '../../backend/src/platform/config/env';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { keys } from '../../backend/src/platform/dynamo/keys';
import {
  bearerToken,
  createTokenVerifier,
  withVerifiedTokenCache,
  type TokenVerifier,
} from '../../backend/src/platform/auth/token-verifier';

/**
 * The floor the app is compared with: what any authenticated API must do for this request, with nothing
 * else (docs/decisions/187-config-one-read.md). node:http verifies the bearer token exactly as the app
 * does (jose's RS256 check against the pool's JWKS, the key set fetched once and cached:
 * createTokenVerifier, and a verified token kept until its expiry: withVerifiedTokenCache), refuses a path
 * that is not the token's own user (403), then makes one GetItem through the same document client (same
 * SDK, keep-alive agent, table and item) and answers the item as JSON. What the app costs on top of this is
 * Hono, the OpenAPI route (param validation), CORS/secure headers, the session-revocation check and its own
 * route code. BENCH_BASELINE_VERIFY=every-request drops the verified-token cache (an RS256 check per
 * request), to show what that cache is worth.
 */
const config = loadConfig();
const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
const signatureCheck = createTokenVerifier(config.cognito);
const verifyToken: TokenVerifier =
  process.env.BENCH_BASELINE_VERIFY === 'every-request'
    ? signatureCheck
    : withVerifiedTokenCache(signatureCheck);
const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expires_at']);
const ROUTE = /^\/oauth\/users\/([^/?]+)\/config(?:\?|$)/;

const send = (res: ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
};

async function answer(token: string | undefined, userId: string, res: ServerResponse) {
  if (!token) return send(res, 401, { error: 'unauthorized' });
  const user = await verifyToken(token).catch(() => undefined);
  if (!user) return send(res, 401, { error: 'unauthorized' });
  if (user.sub !== userId) return send(res, 403, { error: 'forbidden' });
  const { Item } = await doc.send(
    new GetCommand({ TableName: config.tableName, Key: keys.businessConfig(userId), ConsistentRead: true }),
  );
  if (!Item) return send(res, 404, { error: 'not_found' });
  send(res, 200, Object.fromEntries(Object.entries(Item).filter(([key]) => !KEY_ATTRIBUTES.has(key))));
}

const server = createServer((req, res) => {
  const userId = req.method === 'GET' ? ROUTE.exec(req.url ?? '')?.[1] : undefined;
  if (!userId) return send(res, 404, { error: 'not_found' });
  answer(bearerToken(req.headers.authorization), decodeURIComponent(userId), res).catch((error: unknown) =>
    send(res, 500, { error: String(error) }),
  );
});

server.listen(config.port, '127.0.0.1');
// A benchmark server has nothing to drain: exit at once so stopping it never waits on open connections.
const stop = () => process.exit(0);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
