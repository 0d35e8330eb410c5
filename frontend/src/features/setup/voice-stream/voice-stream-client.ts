import type { AudioChunkMessage, VoiceStreamServerMessage } from '@shared/schemas/voice-stream';
import { reconnectDelayMs, VOICE_STREAM, VOICE_STREAM_MESSAGES } from '@shared/voice-stream';
import { decodeJwtClaims, isTokenExpired } from '../../../lib/jwt';
import { onDemand } from '../../../lib/chunk-load';

// The server messages' schema (and zod with it) loads when a client first connects, not with the screen.
const messageSchemas = onDemand('voice-stream-schemas', () => import('@shared/schemas/voice-stream'));
type MessageSchemas = Awaited<ReturnType<typeof messageSchemas.get>>;

export type StreamHandlers = {
  onChunk: (chunk: AudioChunkMessage) => void;
  onComplete: () => void;
  onError: (message: string) => void;
};

export type VoiceStreamRequest = {
  provider: string;
  voice_config: { voice_id: string; provider?: string; provider_config?: Record<string, unknown> };
  text: string;
};

/** Spec §5: a socket token must have three parts and not be expired (exp × 1000 later than now). */
export function socketTokenProblem(token: string | undefined, now = Date.now()): string | undefined {
  const claims = token ? decodeJwtClaims(token) : undefined;
  if (!token || !claims) return 'Invalid authentication token format';
  if (isTokenExpired(claims, now)) return 'Authentication token expired';
  return undefined;
}

/**
 * The wizard's side of the streaming socket (spec §7): one WebSocket with the token as a query parameter,
 * reconnected at most 5 times with 1000 ms doubling (spec §9), streams told apart by stream_id. Failures are
 * never shown: the caller falls back to the HTTP preview (spec §4).
 */
export function createVoiceStreamClient(options: {
  url: string;
  getToken: () => Promise<string | undefined>;
  log?: (message: string, detail?: unknown) => void;
}) {
  const log = options.log ?? ((message, detail) => console.warn(message, detail));
  let socket: WebSocket | undefined;
  let attempts = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const streams = new Map<string, StreamHandlers>();
  const openWaiters = new Set<() => void>();
  let counter = 0;

  const failAll = (message: string) => {
    for (const [id, handlers] of streams) {
      streams.delete(id);
      handlers.onError(message);
    }
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    const delay = reconnectDelayMs(++attempts);
    if (delay === undefined) {
      log('Voice stream: giving up after reconnect attempts', attempts - 1);
      return;
    }
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const onMessage = (schemas: MessageSchemas, event: MessageEvent) => {
    let message: VoiceStreamServerMessage;
    try {
      message = schemas.voiceStreamServerMessageSchema.parse(JSON.parse(String(event.data)));
    } catch (error) {
      log('Voice stream: unreadable message', error);
      return;
    }
    const handlers = message.stream_id ? streams.get(message.stream_id) : undefined;
    if (message.type === 'error' && !message.stream_id) log('Voice stream error', message.message);
    if (!handlers) return;
    // A working stream proves the connection: later drops get the full set of reconnects again.
    attempts = 0;
    if (message.type === 'audio_chunk') handlers.onChunk(message);
    else if (message.type === 'stream_complete') {
      streams.delete(message.stream_id);
      handlers.onComplete();
    } else if (message.type === 'error') {
      streams.delete(message.stream_id!);
      handlers.onError(message.message);
    }
  };

  async function connect() {
    if (stopped) return;
    const token = await options.getToken();
    const problem = socketTokenProblem(token);
    if (problem) {
      log('Voice stream not connected', problem);
      return scheduleReconnect();
    }
    let schemas: MessageSchemas;
    try {
      schemas = await messageSchemas.get();
    } catch (error) {
      log('Voice stream not connected', error);
      return scheduleReconnect();
    }
    if (stopped) return;
    const next = new WebSocket(`${options.url}?token=${encodeURIComponent(token!)}`);
    socket = next;
    next.onopen = () => {
      for (const resolve of openWaiters) resolve();
      openWaiters.clear();
    };
    next.onmessage = (event) => onMessage(schemas, event);
    next.onclose = (event) => {
      if (socket !== next) return;
      socket = undefined;
      failAll(VOICE_STREAM_MESSAGES.notConnected);
      if (!stopped) log('Voice stream closed', { code: event.code, reason: event.reason });
      scheduleReconnect();
    };
  }

  void connect();

  return {
    isOpen: () => socket?.readyState === WebSocket.OPEN,
    /** Resolves true once the socket is open, false when it is not within `timeoutMs`. */
    waitUntilOpen(timeoutMs: number): Promise<boolean> {
      if (socket?.readyState === WebSocket.OPEN) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          openWaiters.delete(done);
          resolve(socket?.readyState === WebSocket.OPEN);
        };
        const timer = setTimeout(done, timeoutMs);
        openWaiters.add(done);
      });
    },
    /** Sends a stream_voice request; throws 'WebSocket not connected' when the socket is not open. */
    stream(request: VoiceStreamRequest, handlers: StreamHandlers): { streamId: string; cancel: () => void } {
      if (socket?.readyState !== WebSocket.OPEN) throw new Error(VOICE_STREAM_MESSAGES.notConnected);
      const streamId = `preview-${Date.now().toString(36)}-${++counter}`;
      streams.set(streamId, handlers);
      socket.send(JSON.stringify({ action: VOICE_STREAM.action, stream_id: streamId, ...request }));
      return { streamId, cancel: () => void streams.delete(streamId) };
    },
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      failAll(VOICE_STREAM_MESSAGES.notConnected);
      socket?.close();
      socket = undefined;
    },
  };
}
export type VoiceStreamClient = ReturnType<typeof createVoiceStreamClient>;
