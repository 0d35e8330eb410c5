/**
 * Pure audio helpers for the voice stream: pull the samples out of a WAV file (espeak-ng's output) so the
 * socket carries raw PCM, and cut byte runs into frames small enough for API Gateway.
 */
export type PcmAudio = { sampleRate: number; channels: number; bitsPerSample: number; pcm: Uint8Array };

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Walks the RIFF chunks for `fmt ` and `data`; throws on anything that is not 16-bit PCM WAV. */
export function parseWav(wav: Uint8Array): PcmAudio {
  if (wav.length < 12 || ascii(wav, 0) !== 'RIFF' || ascii(wav, 8) !== 'WAVE') {
    throw new Error('Not a WAV file');
  }
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  let format: Omit<PcmAudio, 'pcm'> | undefined;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = ascii(wav, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (view.getUint16(body, true) !== 1) throw new Error('WAV is not PCM');
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data before its format');
      if (format.bitsPerSample !== 16) throw new Error('WAV is not 16-bit');
      // A streaming writer may leave the size unpatched (0 or 0xFFFFFFFF): take what is there.
      const end = size === 0 || body + size > wav.length ? wav.length : body + size;
      const frameBytes = 2 * format.channels;
      const usable = end - body - ((end - body) % frameBytes);
      return { ...format, pcm: wav.subarray(body, body + usable) };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAV has no data');
}

/** Splits bytes into pieces of at most `max` bytes, each a multiple of `align` (whole samples). */
export function splitBytes(bytes: Uint8Array, max: number, align = 1): Uint8Array[] {
  const step = Math.max(align, max - (max % align));
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += step) pieces.push(bytes.subarray(at, at + step));
  return pieces;
}

/** Seconds of 16-bit PCM audio in `pcmBytes` bytes. */
export function pcmDurationSeconds(pcmBytes: number, sampleRate: number, channels: number) {
  return pcmBytes / 2 / channels / sampleRate;
}
