import { describe, expect, it } from 'vitest';
import { dualChannelWav, readWavInfo } from './wav';

/** A mono 16-bit WAV of the given samples at 8 kHz. */
function monoWav(samples: number[]) {
  const wav = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(wav.buffer);
  const ascii = (at: number, text: string) =>
    [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((s, i) => view.setInt16(44 + i * 2, s, true));
  return wav;
}

describe('dualChannelWav', () => {
  it('lays turns one after another, each on its own channel with silence on the other', () => {
    // 1 ms gap at 8 kHz = 8 frames of silence on both channels.
    const wav = dualChannelWav(
      [
        { channel: 1, wav: monoWav([100, 200]) },
        { channel: 0, wav: monoWav([-5]) },
      ],
      1,
    );
    const info = readWavInfo(wav);
    expect(info).toMatchObject({ channels: 2, sampleRate: 8000, bitsPerSample: 16 });
    const frames = Array.from(new Int16Array(wav.buffer.slice(44)));
    expect(frames).toEqual([0, 100, 0, 200, ...Array(16).fill(0), -5, 0]);
  });

  it('refuses nothing to record and turns of different rates or channels', () => {
    expect(() => dualChannelWav([], 10)).toThrow();
    const stereo = dualChannelWav([{ channel: 0, wav: monoWav([1]) }], 0);
    expect(() => dualChannelWav([{ channel: 0, wav: stereo }], 0)).toThrow(/mono/);
  });
});
