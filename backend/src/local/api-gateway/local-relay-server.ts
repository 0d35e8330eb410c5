import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { TokenVerifier } from '../../platform/auth/token-verifier';
import type { RelayCallRepository } from '../../capabilities/voice/records/index';
import {
  LOCAL_RELAY_PATH,
  createRelaySession,
  type RelaySessionDeps,
  relaySignedUrl,
  verifyRelayHandshake,
} from '../../capabilities/voice/index';

/**
 * The local transport of the voice relay: a `ws` server on the backend's HTTP server at /relay, the
 * API Gateway WebSocket API's stand-in. The handshake is checked before the upgrade (Twilio's signature or
 * the owner's token); a refused one gets a plain 403 and no socket. Messages of one socket are handled in
 * order, as Twilio sends them.
 */
export function attachRelayServer(
  server: Server,
  deps: RelaySessionDeps & {
    relayCalls: RelayCallRepository;
    verifyToken: TokenVerifier;
    authToken: string | undefined;
    configuredRelayUrl: string | undefined;
    publicApiUrl: string | undefined;
  },
) {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== LOCAL_RELAY_PATH) return;
    const signature = request.headers['x-twilio-signature'];
    verifyRelayHandshake({
      signedUrl: relaySignedUrl({
        configuredRelayUrl: deps.configuredRelayUrl,
        publicApiUrl: deps.publicApiUrl,
        host: request.headers.host ?? 'localhost',
        path: url.pathname,
        search: url.search,
      }),
      signature: typeof signature === 'string' ? signature : undefined,
      token: url.searchParams.get('token') ?? undefined,
      authToken: deps.authToken,
      verifyToken: deps.verifyToken,
    }).then(
      async (caller) => {
        const connectionId = `local-relay-${randomUUID()}`;
        await deps.relayCalls.connect(connectionId, caller);
        sockets.handleUpgrade(request, socket, head, (ws) => {
          const session = createRelaySession(deps, {
            connectionId,
            send: (message) =>
              new Promise<void>((resolve, reject) =>
                ws.readyState === ws.OPEN
                  ? ws.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve()))
                  : reject(new Error('socket closed')),
              ),
          });
          let queue = Promise.resolve();
          ws.on('message', (data) => {
            queue = queue.then(() => session.handleMessage(data.toString()));
          });
          ws.on('close', () => {
            queue = queue.then(() => session.closed());
          });
          // A listener is required: an unhandled 'error' event would throw out of the server.
          ws.on('error', (error) => session.socketError(error));
        });
      },
      (error: Error) => {
        deps.logger.warn('voice_relay.handshake_refused', { reason: error.message });
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      },
    );
  };
  server.on('upgrade', onUpgrade);
  return {
    close: () => {
      server.off('upgrade', onUpgrade);
      for (const client of sockets.clients) client.terminate();
      sockets.close();
    },
  };
}
