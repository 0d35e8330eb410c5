import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PostedMessage = { stage: string; connectionId: string; body: string };

/**
 * A local fake of API Gateway's connection management API for PostToConnection
 * (`POST /{stage}/@connections/{connectionId}`, the raw message as body). Unknown connections get what
 * AWS answers: 410 with `x-amzn-errortype: GoneException`. Requests must carry SigV4 authorization.
 */
export async function startFakeManagementApi() {
  const posted: PostedMessage[] = [];
  const gone = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = req.url?.match(/^\/([^/]+)\/@connections\/([^/?]+)$/);
      if (req.method !== 'POST' || !match) return res.writeHead(404).end();
      if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
        return res
          .writeHead(403, { 'x-amzn-errortype': 'ForbiddenException' })
          .end('{"message":"Forbidden"}');
      }
      const connectionId = decodeURIComponent(match[2]!);
      if (gone.has(connectionId)) {
        return res
          .writeHead(410, { 'x-amzn-errortype': 'GoneException', 'content-type': 'application/json' })
          .end('{"message":null}');
      }
      posted.push({ stage: match[1]!, connectionId, body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posted,
    /** Later posts to this connection answer 410 Gone, as after the client disconnected. */
    disconnect: (connectionId: string) => gone.add(connectionId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
