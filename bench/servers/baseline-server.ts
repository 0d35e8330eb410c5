import { createServer, type ServerResponse } from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { loadConfig } from '../../backend/src/platform/config/env';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { keys } from '../../backend/src/platform/dynamo/keys';

/**
 * The floor the app is compared with: node:http doing the same GetItem through the same document client
 * (same SDK, same keep-alive agent, same table and item) and answering the same JSON, with no framework,
 * no validation, no middleware and no token check. What the app costs on top of this is Hono, the OpenAPI
 * route (param validation), CORS/secure headers and the JWT verification.
 */
const config = loadConfig();
const { doc } = createDynamoClients({ region: config.region, endpoint: config.dynamoDbEndpoint });
const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expires_at']);
const ROUTE = /^\/oauth\/users\/([^/?]+)\/config(?:\?|$)/;

const send = (res: ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
};

const server = createServer((req, res) => {
  const userId = req.method === 'GET' ? ROUTE.exec(req.url ?? '')?.[1] : undefined;
  if (!userId) return send(res, 404, { error: 'not_found' });
  doc
    .send(
      new GetCommand({ TableName: config.tableName, Key: keys.businessConfig(decodeURIComponent(userId)) }),
    )
    .then(({ Item }) => {
      if (!Item) return send(res, 404, { error: 'not_found' });
      send(res, 200, Object.fromEntries(Object.entries(Item).filter(([key]) => !KEY_ATTRIBUTES.has(key))));
    })
    .catch((error: unknown) => send(res, 500, { error: String(error) }));
});

server.listen(config.port, '127.0.0.1');
// A benchmark server has nothing to drain: exit at once so stopping it never waits on open connections.
const stop = () => process.exit(0);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
