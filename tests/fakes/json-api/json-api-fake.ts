import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Seen = { method: string; url: string; auth: string | undefined; body: unknown };

/**
 * A vendor's JSON API on a local port, for testing a real adapter against its wire format: it records each
 * request (method, path and query, bearer header, JSON body) and answers as the test sets.
 */
export function jsonApiFake() {
  const seen: Seen[] = [];
  let answer: (request: Seen) => { status: number; body?: unknown } = () => ({ status: 500 });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const request = {
        method: req.method!,
        url: req.url!,
        auth: req.headers.authorization,
        body: raw ? JSON.parse(raw) : undefined,
      };
      seen.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  return {
    seen,
    answer: (fn: typeof answer) => (answer = fn),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
