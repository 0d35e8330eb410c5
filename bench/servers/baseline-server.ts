import { createServer, type ServerResponse } from 'node:http';
import { loadConfig } from '../../backend/src/platform/config/env';
import { createConfigAnswer } from './config-answer';
import { exitOnStop } from './exit-on-stop';

/**
 * The floor the app is compared with: what any authenticated API must do for this request, with nothing
 * else (config-answer.ts), on node:http. What the app costs on top of this is Hono, the OpenAPI route
 * (param validation), CORS/secure headers, the session-revocation check, the log context and its own
 * route code; the Hono floor (hono-floor-server.ts) shows how much of that is Hono and its Node server.
 */
const config = loadConfig();
const answer = createConfigAnswer(config);
const ROUTE = /^\/oauth\/users\/([^/?]+)\/config(?:\?|$)/;

const send = (res: ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
};

const server = createServer((req, res) => {
  const userId = req.method === 'GET' ? ROUTE.exec(req.url ?? '')?.[1] : undefined;
  if (!userId) return send(res, 404, { error: 'not_found' });
  answer(req.headers.authorization, decodeURIComponent(userId)).then(
    ({ status, body }) => send(res, status, body),
    (error: unknown) => send(res, 500, { error: String(error) }),
  );
});

server.listen(config.port, '127.0.0.1');
exitOnStop();
