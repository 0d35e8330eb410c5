import { describe, expect, it } from 'vitest';
import { renderEspeakWav } from './espeak-render';
import { readWavInfo } from '../../providers/speech/wav';

const job = (text: string, espeakVoice = 'en-us+f3') => ({ espeakVoice, pitch: 60, speed: 165, text });

describe('espeak-ng render (one instance, run again per utterance)', () => {
  it('renders each utterance from a clean start: the same text gives the same clip after others ran', async () => {
    const hello = 'Hello, and thank you for calling.';
    const first = readWavInfo(await renderEspeakWav(job(hello)));
    const other = readWavInfo(await renderEspeakWav(job('We are open Tuesday to Saturday.', 'en-gb+m4')));
    const again = readWavInfo(await renderEspeakWav(job(hello)));
    expect(other.dataBytes).not.toBe(first.dataBytes);
    // A run that kept the previous run's state (argument parsing, output file) would not give this back.
    expect(again.dataBytes).toBe(first.dataBytes);
    // espeak-ng's options come from each job: a slower speed renders the same text longer.
    const slow = readWavInfo(await renderEspeakWav({ ...job(hello), speed: 90 }));
    expect(slow.seconds).toBeGreaterThan(first.seconds * 1.4);
  });

  it('renders a short text right after a long one (over a minute of speech)', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `Sentence number ${i} about opening hours.`).join(' ');
    const longClip = readWavInfo(await renderEspeakWav(job(long)));
    expect(longClip.seconds).toBeGreaterThan(60);
    const short = readWavInfo(await renderEspeakWav(job('Goodbye!')));
    expect(short.seconds).toBeGreaterThan(0.3);
    expect(short.seconds).toBeLessThan(3);
  });

  it('reads a text that looks like options as text', async () => {
    const clip = readWavInfo(await renderEspeakWav(job('-v xx --stdout "quoted"')));
    expect(clip.seconds).toBeGreaterThan(0.5);
  });

  it('a render that fails part-way leaves the next one working (stack put back, or a fresh instance)', async () => {
    // An argument larger than the C stack: the runtime aborts (stack overflow) part-way through the call.
    const oversized = { ...job('Hello.'), espeakVoice: 'x'.repeat(2_000_000) };
    await expect(renderEspeakWav(oversized)).rejects.toThrow();
    const clip = readWavInfo(await renderEspeakWav(job('Hello again.')));
    expect(clip.seconds).toBeGreaterThan(0.5);
  });
});
