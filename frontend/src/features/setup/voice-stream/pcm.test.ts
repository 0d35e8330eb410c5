import { describe, expect, it } from 'vitest';
import { base64ToBytes, pcm16ToFloat32, wavFromPcm } from './pcm';

const int16Bytes = (samples: number[]) => {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((sample, i) => view.setInt16(i * 2, sample, true));
  return bytes;
};

describe('streamed pcm', () => {
  it('decodes base64', () => {
    expect(Array.from(base64ToBytes(btoa('\x01\x02\xff')))).toEqual([1, 2, 255]);
  });

  it('maps int16 to floats in [-1, 1) and splits interleaved channels', () => {
    const [mono] = pcm16ToFloat32(int16Bytes([0, 16384, -32768, 32767]));
    expect(Array.from(mono!)).toEqual([0, 0.5, -1, 32767 / 32768]);
    const [left, right] = pcm16ToFloat32(int16Bytes([1000, -1000, 2000, -2000]), 2);
    expect(Array.from(left!).map((v) => Math.round(v * 32768))).toEqual([1000, 2000]);
    expect(Array.from(right!).map((v) => Math.round(v * 32768))).toEqual([-1000, -2000]);
  });

  it('rebuilds a WAV whose header describes exactly the samples', () => {
    const wav = wavFromPcm([int16Bytes([1, 2]), int16Bytes([3])], 22050, 1);
    const view = new DataView(wav.buffer);
    expect(String.fromCharCode(...wav.subarray(0, 4))).toBe('RIFF');
    expect(view.getUint32(24, true)).toBe(22050);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(40, true)).toBe(6);
    expect([0, 1, 2].map((i) => view.getInt16(44 + i * 2, true))).toEqual([1, 2, 3]);
  });
});
