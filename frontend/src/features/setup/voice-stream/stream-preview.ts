import { VOICE_STREAM } from '@shared/voice-stream';
import { base64ToBytes, wavFromPcm } from './pcm';
import type { PcmPlayer } from './pcm-player';
import type { VoiceStreamClient, VoiceStreamRequest } from './voice-stream-client';

export type StreamedPreview = {
  /** The whole clip, for replay in the audio element (WAV for pcm, MP3 for mp3). */
  clip: Blob;
  format: 'pcm' | 'mp3';
  chunks: number;
};

/**
 * Speaks one preview through the socket: pcm chunks play as they arrive (Web Audio), mp3 is collected and
 * returned for the audio element to play. Rejects (→ HTTP fallback) when the socket is not open, when no
 * audio arrives within 3000 ms (spec §4, §9), or on a stream error.
 */
export function streamPreview(
  client: VoiceStreamClient,
  request: VoiceStreamRequest,
  player: PcmPlayer,
  onChunk: (count: number) => void = () => undefined,
): Promise<StreamedPreview> {
  return new Promise((resolve, reject) => {
    const pieces: Uint8Array[] = [];
    let pcm: { sampleRate: number; channels: number } | undefined;
    let format: 'pcm' | 'mp3' = 'pcm';
    let stream: ReturnType<VoiceStreamClient['stream']> | undefined;
    const noAudio = setTimeout(() => {
      stream?.cancel();
      reject(new Error(`No audio within ${VOICE_STREAM.httpFallbackAfterMs} ms`));
    }, VOICE_STREAM.httpFallbackAfterMs);
    try {
      stream = client.stream(request, {
        onChunk: (chunk) => {
          clearTimeout(noAudio);
          const bytes = base64ToBytes(chunk.audio);
          pieces.push(bytes);
          format = chunk.format;
          if (chunk.format === 'pcm') {
            pcm = { sampleRate: chunk.sample_rate, channels: chunk.channels };
            player.play(bytes, chunk.sample_rate, chunk.channels);
          }
          onChunk(pieces.length);
        },
        onComplete: () => {
          clearTimeout(noAudio);
          if (pieces.length === 0) return reject(new Error('Stream ended without audio'));
          const clip =
            format === 'pcm'
              ? new Blob([wavFromPcm(pieces, pcm!.sampleRate, pcm!.channels) as Uint8Array<ArrayBuffer>], {
                  type: 'audio/wav',
                })
              : new Blob(pieces as Uint8Array<ArrayBuffer>[], { type: 'audio/mpeg' });
          resolve({ clip, format, chunks: pieces.length });
        },
        onError: (message) => {
          clearTimeout(noAudio);
          reject(new Error(message));
        },
      });
    } catch (error) {
      clearTimeout(noAudio);
      reject(error as Error);
    }
  });
}
