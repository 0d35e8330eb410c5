import { expect, it } from 'vitest';
import { reconnectDelayMs, VOICE_STREAM } from './voice-stream';

it('reconnects at most 5 times, from 1000 ms doubling (spec §9)', () => {
  const delays = Array.from({ length: 7 }, (_, i) => reconnectDelayMs(i));
  expect(delays).toEqual([undefined, 1000, 2000, 4000, 8000, 16000, undefined]);
  expect(VOICE_STREAM.httpFallbackAfterMs).toBe(3000);
  expect(VOICE_STREAM.pcmSampleRate).toBe(22050);
});
