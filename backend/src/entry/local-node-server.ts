import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { VIEWER_ADDRESS_HEADER } from '@shared/origin-verify';

type FetchApp = { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };

/**
 * A refused body (413) is answered before the rest of it was read. @hono/node-server then drains the socket
 * for a moment and destroys it, so a kept-alive client would send its next request into a closed socket and
 * get a reset. `Connection: close` tells the client the socket ends with this answer: it reads the 413 and
 * opens a new connection for what follows (as API Gateway and CloudFront do in AWS).
 */
export function closeAfterRefusedBody(response: Response): Response {
  if (response.status !== 413) return response;
  const headers = new Headers(response.headers);
  headers.set('Connection', 'close');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The app on Node for `npm start` and the end-to-end tests: the same app as in Lambda (server.ts). */
export function serveLocally(
  app: FetchApp,
  { port, hostname = '127.0.0.1' }: { port: number; hostname?: string },
) {
  return serve({
    port,
    hostname,
    // In AWS CloudFront sets the viewer's address; locally the socket's stands in for it, over a client's own.
    fetch: async (request, env) => {
      const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming;
      const headers = new Headers(request.headers);
      const address = incoming?.socket?.remoteAddress ?? '127.0.0.1';
      headers.set('x-forwarded-for', address);
      headers.set(VIEWER_ADDRESS_HEADER, address);
      return closeAfterRefusedBody(await app.fetch(new Request(request, { headers }), env));
    },
  }) as Server;
}
