/** Reads the format of a canonical PCM WAV file (what espeak-ng writes), for checks and durations. */
export type WavInfo = {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataBytes: number;
  seconds: number;
};

export function readWavInfo(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 44 || text(0) !== 'RIFF' || text(8) !== 'WAVE') throw new Error('Not a WAV file');
  // Walk the chunks: 'fmt ' gives the format, 'data' the samples.
  let offset = 12;
  let format: Omit<WavInfo, 'dataBytes' | 'seconds'> | undefined;
  while (offset + 8 <= bytes.length) {
    const id = text(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      format = {
        channels: view.getUint16(offset + 10, true),
        sampleRate: view.getUint32(offset + 12, true),
        bitsPerSample: view.getUint16(offset + 22, true),
      };
    } else if (id === 'data' && format) {
      const dataBytes = Math.min(size, bytes.length - offset - 8);
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, dataBytes, seconds: dataBytes / bytesPerSecond };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAV file without fmt and data chunks');
}

/** A canonical 44-byte header for PCM samples of the given format. */
function wavHeader(format: Pick<WavInfo, 'channels' | 'sampleRate' | 'bitsPerSample'>, dataBytes: number) {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const ascii = (offset: number, text: string) =>
    [...text].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, format.bitsPerSample, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}

/** The samples of a WAV file (its data chunk). */
function wavSamples(bytes: Uint8Array): Uint8Array {
  const info = readWavInfo(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'data') return bytes.subarray(offset + 8, offset + 8 + info.dataBytes);
    offset += 8 + size + (size % 2);
  }
  return new Uint8Array();
}

/**
 * One WAV from several of the same format, with `gapMs` of silence between them (turns of a conversation).
 * Throws when the formats differ: resampling is not this function's job.
 */
export function joinWavs(files: readonly Uint8Array[], gapMs: number): Uint8Array {
  if (files.length === 0) throw new Error('Nothing to join');
  const format = readWavInfo(files[0]!);
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  const gap = new Uint8Array(Math.round((format.sampleRate * gapMs) / 1000) * blockAlign);
  const parts: Uint8Array[] = [];
  files.forEach((file, index) => {
    const info = readWavInfo(file);
    if (
      info.channels !== format.channels ||
      info.sampleRate !== format.sampleRate ||
      info.bitsPerSample !== format.bitsPerSample
    ) {
      throw new Error('WAV files of different formats cannot be joined');
    }
    if (index > 0) parts.push(gap);
    parts.push(wavSamples(file));
  });
  const dataBytes = parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(44 + dataBytes);
  joined.set(wavHeader(format, dataBytes), 0);
  let offset = 44;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/**
 * A two-channel WAV of a conversation's turns, as a dual-channel call recording holds it: each turn (a mono
 * 16-bit WAV) in order, `gapMs` apart, on its own channel (0: the caller, 1: the assistant) with silence on
 * the other. All turns must share one sample rate.
 */
export function dualChannelWav(turns: ReadonlyArray<{ channel: 0 | 1; wav: Uint8Array }>, gapMs: number) {
  if (turns.length === 0) throw new Error('Nothing to record');
  const format = readWavInfo(turns[0]!.wav);
  const gapFrames = Math.round((format.sampleRate * gapMs) / 1000);
  const tracks = turns.map(({ channel, wav }) => {
    const info = readWavInfo(wav);
    if (info.channels !== 1 || info.bitsPerSample !== 16 || info.sampleRate !== format.sampleRate)
      throw new Error('Only mono 16-bit turns of one sample rate can be laid on two channels');
    const samples = wavSamples(wav);
    return {
      channel,
      samples: new Int16Array(samples.buffer.slice(samples.byteOffset, samples.byteOffset + samples.length)),
    };
  });
  const frames = tracks.reduce((sum, t) => sum + t.samples.length, 0) + gapFrames * (tracks.length - 1);
  const interleaved = new Int16Array(frames * 2);
  let at = 0;
  for (const [index, { channel, samples }] of tracks.entries()) {
    if (index > 0) at += gapFrames;
    for (let i = 0; i < samples.length; i += 1) interleaved[(at + i) * 2 + channel] = samples[i]!;
    at += samples.length;
  }
  const data = new Uint8Array(interleaved.buffer);
  const wav = new Uint8Array(44 + data.length);
  wav.set(wavHeader({ channels: 2, sampleRate: format.sampleRate, bitsPerSample: 16 }, data.length), 0);
  wav.set(data, 44);
  return wav;
}
