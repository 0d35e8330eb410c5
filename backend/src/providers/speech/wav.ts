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
