import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { TokenVerifier } from '../../platform/auth/token-verifier';
import { HttpError } from '../../platform/errors/http-error';
import { createVoiceStreamSession, type VoiceStreamSessionDeps } from '../../capabilities/voice/index';

export const LOCAL_VOICE_STREAM_PATH = '/ws';

/** Close code for a refused token: 4000 + the HTTP status API Gateway's $connect answers with. */
export const UNAUTHORIZED_CLOSE_CODE = 4401;

/**
 * The local transport of the streaming socket: a `ws` server on the backend's own HTTP server (path /ws),
 * token from `?token=` verified at the upgrade. A refused token is answered as an open-then-close socket
 * carrying the spec's text (an error message, then close code 4401 with the text as reason), because a
 * browser cannot read the body of a refused handshake. Each connection gets one session (session.ts).
 */
export function attachVoiceStreamServer(
  server: Server,
  deps: VoiceStreamSessionDeps & { verifyToken: TokenVerifier },
) {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const refuse = (socket: WebSocket, message: string) => {
    socket.send(JSON.stringify({ type: 'error', message }), () =>
      socket.close(UNAUTHORIZED_CLOSE_CODE, message),
    );
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== LOCAL_VOICE_STREAM_PATH) {
      // Another socket on this server (the voice relay) may own the path; nobody does → refuse.
      if (server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      // Unique across restarts: the rate-limit counters in DynamoDB outlive the process.
      const connectionId = `local-${randomUUID()}`;
      const session = createVoiceStreamSession(deps, {
        connectionId,
        send: (message) =>
          new Promise<void>((resolve, reject) =>
            ws.readyState === ws.OPEN
              ? ws.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve()))
              : reject(new Error('socket closed')),
          ),
      });
      // Listening at once: a client may send before the token check ends; its messages wait for it.
      const verified = deps.verifyToken(url.searchParams.get('token') ?? '').then(
        (user) => {
          deps.logger.info('voice stream connected', { connectionId, userId: user.sub });
          return true;
        },
        (error: unknown) => {
          refuse(ws, error instanceof HttpError ? error.message : 'Invalid authentication token format');
          return false;
        },
      );
      // Not awaited per message: several streams on one connection run side by side, apart by stream_id.
      ws.on('message', (data) => {
        void verified.then((ok) => (ok ? session.handleMessage(data.toString()) : undefined));
      });
    });
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
