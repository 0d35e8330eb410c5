import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createEspeakPool } from './espeak-pool';
import { RENDER_THREAD_NICENESS } from './espeak-render-priority';
import { SpeechError, LOCAL_SPEECH_OFF_IN_AWS } from '../../providers/speech/port';
import { createLocalSpeech } from './local-speech';
import { readWavInfo } from '../../providers/speech/wav';

const TEXT =
  'Hello, and thank you for calling Harbor Lane Hair Studio. We are open Tuesday to Saturday, ' +
  'and we would be glad to book your next cut, colour or blow-dry.';
const job = (text = TEXT) => ({ espeakVoice: 'en-us+f3', pitch: 60, speed: 165, text });

describe('espeak-ng worker pool', () => {
  const pool = createEspeakPool({ threads: 2, maxQueued: 2 });
  afterAll(() => pool.close());

  it('renders on worker threads while the event loop keeps ticking', async () => {
    await pool.render(job('Warm up.')); // first use starts a thread and compiles the module there
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    const clips = await Promise.all([pool.render(job()), pool.render(job()), pool.render(job())]);
    clearInterval(ticker);
    for (const clip of clips) expect(readWavInfo(clip).seconds).toBeGreaterThan(3);
    // In-process, each render blocked the loop for its whole duration (hundreds of ms on this machine).
    expect(longestGapMs).toBeLessThan(150);
  });

  it.runIf(process.platform === 'linux')(
    'renders at a lower priority than the event loop, which keeps its own',
    async () => {
      await pool.render(job('Warm up.'));
      // /proc/self/task/<tid>/stat: the 19th field (after the parenthesised name) is the thread's nice value.
      const niceOf = (tid: string) =>
        Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
      const nice = readdirSync('/proc/self/task').map(niceOf);
      expect(niceOf(String(process.pid))).toBe(0);
      expect(nice.filter((value) => value === RENDER_THREAD_NICENESS).length).toBeGreaterThanOrEqual(1);
    },
  );

  it('refuses at once when every thread is busy and the queue is full, and recovers after', async () => {
    const accepted = Array.from({ length: 4 }, () => pool.render(job())); // 2 rendering + 2 queued
    expect(pool.load()).toEqual({ rendering: 2, queued: 2 });
    await expect(pool.render(job())).rejects.toThrow('Speech synthesis is busy');
    await Promise.all(accepted);
    expect(readWavInfo(await pool.render(job('Again.'))).channels).toBe(1);
  });
});

describe('local speech where it is off', () => {
  it('refuses every synthesis with the clear text, without starting a renderer', async () => {
    const speech = createLocalSpeech({ disabledReason: LOCAL_SPEECH_OFF_IN_AWS });
    const refused = speech.synthesize({ provider: 'local', voice_id: 'emma', text: 'Hello.' });
    await expect(refused).rejects.toBeInstanceOf(SpeechError);
    await expect(refused).rejects.toMatchObject({ code: 'unavailable', message: LOCAL_SPEECH_OFF_IN_AWS });
  });
});
