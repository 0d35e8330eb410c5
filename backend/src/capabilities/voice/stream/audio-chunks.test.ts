import { describe, expect, it } from 'vitest';
import { parseWav, pcmDurationSeconds, splitBytes } from './audio-chunks';

/** A minimal 16-bit PCM WAV with an extra chunk before `data`, as some writers add (LIST). */
function wav(
  samples: number[],
  {
    sampleRate = 22050,
    channels = 1,
    dataSize,
  }: { sampleRate?: number; channels?: number; dataSize?: number } = {},
) {
  const pcm = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => pcm.writeInt16LE(sample, i * 2));
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0);
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(sampleRate, 12);
  fmt.writeUInt32LE(sampleRate * channels * 2, 16);
  fmt.writeUInt16LE(channels * 2, 20);
  fmt.writeUInt16LE(16, 22);
  const list = Buffer.from('LIST\x03\x00\x00\x00abc\x00', 'binary');
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0);
  dataHeader.writeUInt32LE(dataSize ?? pcm.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, dataHeader, pcm]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0);
  riff.writeUInt32LE(body.length, 4);
  return new Uint8Array(Buffer.concat([riff, body]));
}

describe('parseWav', () => {
  it('returns the format and exactly the samples, skipping other chunks', () => {
    const parsed = parseWav(wav([1, -2, 300, -32768], { sampleRate: 16000 }));
    expect(parsed).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(Array.from(new Int16Array(parsed.pcm.slice().buffer))).toEqual([1, -2, 300, -32768]);
  });

  it('takes the rest of the file when the data size was never patched', () => {
    expect(parseWav(wav([5, 6, 7], { dataSize: 0xffffffff })).pcm.length).toBe(6);
    expect(parseWav(wav([5, 6, 7], { dataSize: 0 })).pcm.length).toBe(6);
  });

  it('refuses what is not a WAV', () => {
    expect(() => parseWav(new Uint8Array([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]))).toThrow(
      'Not a WAV file',
    );
  });
});

describe('splitBytes', () => {
  it('cuts into pieces no larger than max, aligned to whole samples, losing nothing', () => {
    const bytes = new Uint8Array(101).map((_, i) => i);
    const pieces = splitBytes(bytes, 25, 2);
    expect(pieces.map((p) => p.length)).toEqual([24, 24, 24, 24, 5]);
    expect(Buffer.concat(pieces)).toEqual(Buffer.from(bytes));
  });
});

it('pcmDurationSeconds counts 2 bytes per sample per channel', () => {
  expect(pcmDurationSeconds(44100, 22050, 1)).toBe(1);
  expect(pcmDurationSeconds(44100, 22050, 2)).toBe(0.5);
});
