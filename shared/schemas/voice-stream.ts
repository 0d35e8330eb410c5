import { z } from 'zod';
import { VOICE_STREAM } from '../voice-stream';
import { voiceConfigSchema } from './voices';

/** The streaming socket's messages (spec §3 "Voice stream request", §7 "Streaming socket"). */
export const streamIdSchema = z.string().trim().min(1).max(100);

export const streamVoiceRequestSchema = z.object({
  action: z.literal(VOICE_STREAM.action),
  provider: z.string().trim().min(1, 'provider is required').max(40),
  voice_config: voiceConfigSchema,
  /** Checked after stripping < > " ' & (what is actually spoken). */
  text: z.string().trim().min(1, 'text is required').max(10_000),
  stream_id: streamIdSchema,
});
export type StreamVoiceRequest = z.infer<typeof streamVoiceRequestSchema>;

const audioFormatSchema = z.discriminatedUnion('format', [
  /** Raw little-endian signed 16-bit samples. */
  z.object({
    format: z.literal('pcm'),
    sample_rate: z.number().int().positive(),
    channels: z.number().int().positive(),
  }),
  /** MP3 frames; each chunk is a complete clip for one sentence. */
  z.object({ format: z.literal('mp3') }),
]);

export const streamStartSchema = z.object({ type: z.literal('stream_start'), stream_id: z.string() });
export const audioChunkSchema = z
  .object({
    type: z.literal('audio_chunk'),
    stream_id: z.string(),
    /** 0-based order within the stream. */
    sequence: z.number().int().nonnegative(),
    /** base64 of the audio bytes. */
    audio: z.string(),
  })
  .and(audioFormatSchema);
export const streamCompleteSchema = z.object({
  type: z.literal('stream_complete'),
  stream_id: z.string(),
  chunks: z.number().int().nonnegative(),
  /** Seconds of audio sent (pcm: exact; mp3: undefined). */
  duration_seconds: z.number().nonnegative().optional(),
});
export const streamErrorSchema = z.object({
  type: z.literal('error'),
  /** Absent when the message could not be tied to a stream (unparseable, refused connection). */
  stream_id: z.string().optional(),
  message: z.string(),
});

export const voiceStreamServerMessageSchema = z.union([
  streamStartSchema,
  audioChunkSchema,
  streamCompleteSchema,
  streamErrorSchema,
]);
export type VoiceStreamServerMessage = z.infer<typeof voiceStreamServerMessageSchema>;
export type AudioChunkMessage = z.infer<typeof audioChunkSchema>;
