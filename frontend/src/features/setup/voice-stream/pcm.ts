/** Pure audio helpers for streamed previews: decode chunks for Web Audio and rebuild a replayable WAV. */

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Little-endian signed 16-bit samples → Web Audio's floats in [-1, 1), one array per channel. */
export function pcm16ToFloat32(bytes: Uint8Array, channels = 1): Float32Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames = Math.floor(bytes.length / 2 / channels);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channels; channel++) {
      out[channel]![frame] = view.getInt16((frame * channels + channel) * 2, true) / 32768;
    }
  }
  return out;
}

/** The streamed samples as one WAV file, so the preview can be replayed from the audio element. */
export function wavFromPcm(chunks: Uint8Array[], sampleRate: number, channels: number): Uint8Array {
  const dataBytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const wav = new Uint8Array(44 + dataBytes);
  const view = new DataView(wav.buffer);
  const text = (at: number, value: string) => [...value].forEach((ch, i) => (wav[at + i] = ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  let at = 44;
  for (const chunk of chunks) {
    wav.set(chunk, at);
    at += chunk.length;
  }
  return wav;
}
