import { streamVoiceRequestSchema, type VoiceStreamServerMessage } from '@shared/schemas/voice-stream';
import { stripVoiceText, VOICE_MESSAGES, VOICE_TEXT_MAX_LENGTH } from '@shared/voice-preview';
import { VOICE_STREAM, VOICE_STREAM_MESSAGES } from '@shared/voice-stream';
import type { RateLimiter } from '../../../platform/dynamo/rate-limits';
import type { Logger } from '../../../platform/logging/logger';
import {
  SpeechError,
  splitSentences,
  type SpeechProvider,
  type SynthesisRequest,
  type SynthesizedAudio,
} from '../../../providers/speech/port';
import { parseWav, pcmDurationSeconds, splitBytes } from './audio-chunks';

/** Delivers one server message to the client; rejects when the connection is gone. */
export type VoiceStreamSender = (message: VoiceStreamServerMessage) => Promise<void>;

export type VoiceStreamSessionDeps = {
  speech: SpeechProvider;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  logger: Logger;
};

/**
 * The text in two parts: the first sentence alone, so its audio leaves quickly, then everything else in one
 * go. Rendering every sentence separately (the provider's synthesizeSentences) pays espeak-ng's start-up,
 * or an HTTP round trip to OpenAI, once per sentence: for a 200-character text it made stream_complete 4×
 * slower, while the remainder renders long before the first sentence has finished playing.
 */
export function streamingParts(text: string): [string, string | undefined] {
  const [first, ...rest] = splitSentences(text);
  return [first ?? text, rest.length > 0 ? rest.join(' ') : undefined];
}

/** The sender failed: the client is gone, so the stream stops without trying to report it. */
class ConnectionGone extends Error {}

/**
 * The streaming socket's protocol (spec §7), independent of transport: the local `ws` server keeps one
 * session per connection; the API Gateway Lambda builds one per message. Each `stream_voice` request is
 * validated, its text sanitized (spec §5), rate limited per connection (counters in DynamoDB so the limit
 * holds across Lambda instances), and answered stream_start → audio_chunk* → stream_complete, or error.
 * The first sentence's audio goes out before the rest is rendered (streamingParts).
 */
export function createVoiceStreamSession(
  deps: VoiceStreamSessionDeps,
  connection: { connectionId: string; send: VoiceStreamSender },
) {
  const running = new Set<string>();
  const send = async (message: VoiceStreamServerMessage) => {
    try {
      await connection.send(message);
    } catch (error) {
      throw new ConnectionGone((error as Error).message);
    }
  };
  const fail = (message: string, stream_id?: string) =>
    send({ type: 'error', ...(stream_id ? { stream_id } : {}), message });

  async function stream(streamId: string, request: SynthesisRequest) {
    await send({ type: 'stream_start', stream_id: streamId });
    let sequence = 0;
    let pcmBytes = 0;
    let pcmFormat: { sampleRate: number; channels: number } | undefined;
    const sendAudio = async ({ audio, mimeType }: SynthesizedAudio) => {
      if (mimeType === 'audio/wav') {
        const { pcm, sampleRate, channels } = parseWav(audio);
        pcmFormat = { sampleRate, channels };
        pcmBytes += pcm.length;
        for (const piece of splitBytes(pcm, VOICE_STREAM.maxChunkBytes, 2 * channels)) {
          await send({
            type: 'audio_chunk',
            stream_id: streamId,
            sequence: sequence++,
            audio: Buffer.from(piece).toString('base64'),
            format: 'pcm',
            sample_rate: sampleRate,
            channels,
          });
        }
      } else {
        for (const piece of splitBytes(audio, VOICE_STREAM.maxChunkBytes)) {
          await send({
            type: 'audio_chunk',
            stream_id: streamId,
            sequence: sequence++,
            audio: Buffer.from(piece).toString('base64'),
            format: 'mp3',
          });
        }
      }
    };
    const [first, rest] = streamingParts(request.text);
    await sendAudio(await deps.speech.synthesize({ ...request, text: first }));
    if (rest) {
      // Started before the first part's chunks are out, so its rendering overlaps their sending.
      const later = deps.speech.synthesize({ ...request, text: rest });
      later.catch(() => undefined);
      await sendAudio(await later);
    }
    await send({
      type: 'stream_complete',
      stream_id: streamId,
      chunks: sequence,
      ...(pcmFormat
        ? { duration_seconds: pcmDurationSeconds(pcmBytes, pcmFormat.sampleRate, pcmFormat.channels) }
        : {}),
    });
  }

  async function handle(raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return fail(VOICE_STREAM_MESSAGES.invalidMessage);
    }
    const parsed = streamVoiceRequestSchema.safeParse(json);
    const claimedId = (json as { stream_id?: unknown } | null)?.stream_id;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return fail(
        `${VOICE_STREAM_MESSAGES.invalidMessage}: ${where}${issue?.message ?? 'unexpected shape'}`,
        typeof claimedId === 'string' ? claimedId : undefined,
      );
    }
    const { stream_id: streamId, provider, voice_config: voice } = parsed.data;
    const text = stripVoiceText(parsed.data.text).trim();
    if (text.length > VOICE_TEXT_MAX_LENGTH) return fail(VOICE_MESSAGES.textTooLong, streamId);
    if (!text) return fail('text is required', streamId);
    if (running.has(streamId)) return fail(`Stream ${streamId} is already running`, streamId);
    if (running.size >= VOICE_STREAM.maxConcurrentStreams) {
      return fail(VOICE_STREAM_MESSAGES.tooManyConcurrent, streamId);
    }
    running.add(streamId);
    try {
      const { streams, windowSeconds } = VOICE_STREAM.rateLimit;
      if (!(await deps.rateLimiter.hit(`voicestream#${connection.connectionId}`, streams, windowSeconds))) {
        return await fail(VOICE_STREAM_MESSAGES.tooManyStreams, streamId);
      }
      await stream(streamId, {
        provider,
        voice_id: voice.voice_id,
        provider_config: voice.provider_config,
        language: voice.language,
        text,
      });
    } catch (error) {
      if (error instanceof ConnectionGone) throw error;
      if (error instanceof SpeechError && error.code !== 'upstream') return fail(error.message, streamId);
      deps.logger.error('Voice stream failed', { provider, streamId, error: String(error) });
      return fail(VOICE_STREAM_MESSAGES.streamFailed, streamId);
    } finally {
      running.delete(streamId);
    }
  }

  return {
    /**
     * Handles one client message to its end (the whole stream). Never rejects: a vanished client only
     * ends the stream early, and is logged.
     */
    async handleMessage(raw: string): Promise<void> {
      try {
        await handle(raw);
      } catch (error) {
        deps.logger.info('Voice stream client went away', {
          connectionId: connection.connectionId,
          error: String(error),
        });
      }
    },
  };
}
export type VoiceStreamSession = ReturnType<typeof createVoiceStreamSession>;
