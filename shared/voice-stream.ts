/**
 * Voice streaming socket rules (spec §4 "Voice", §7 "Streaming socket", §8 "Voice", §9). Both the server
 * session and the wizard's client import them, so the numbers and texts exist once.
 */
export const VOICE_STREAM = {
  /** The client message's action (spec §7). */
  action: 'stream_voice',
  /** Reconnects after the socket drops: at most 5, waiting 1000 ms, then doubling (spec §9). */
  reconnectMaxAttempts: 5,
  reconnectBaseDelayMs: 1000,
  /** No audio within this long after asking → the HTTP preview plays instead (spec §4, §9). */
  httpFallbackAfterMs: 3000,
  /** espeak-ng renders 16-bit mono PCM at this rate; also the spec's PCM default (§9). */
  pcmSampleRate: 22050,
  pcmChannels: 1,
  /**
   * Raw bytes per audio_chunk: base64 makes 16 KiB about 22 KiB, under API Gateway's 32 KiB WebSocket frame,
   * and 8192 samples are 0.37 s of audio at 22050 Hz, so playback can start well before a sentence ends.
   */
  maxChunkBytes: 16 * 1024,
  /** Per connection: this many streams per window, and at most this many running at once. */
  rateLimit: { streams: 20, windowSeconds: 60 },
  maxConcurrentStreams: 3,
} as const;

export const VOICE_STREAM_MESSAGES = {
  notConnected: 'WebSocket not connected',
  tooManyStreams: 'Too many voice streams. Please wait a moment and try again',
  tooManyConcurrent: 'Too many voice streams at once on this connection',
  streamFailed: 'Error generating response',
  invalidMessage: 'Invalid message',
} as const;

/** Delay before reconnect attempt `attempt` (1-based): 1000, 2000, 4000, 8000, 16000 ms; undefined after 5. */
export function reconnectDelayMs(attempt: number): number | undefined {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > VOICE_STREAM.reconnectMaxAttempts)
    return undefined;
  return VOICE_STREAM.reconnectBaseDelayMs * 2 ** (attempt - 1);
}
