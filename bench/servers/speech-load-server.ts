import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createLocalSpeech } from '../../backend/src/local/speech/local-speech';
import { exitOnStop } from './exit-on-stop';

/**
 * The event-loop figure's server (stage health_during_speech): a `/health` answer and a voice preview
 * rendered by the product's local speech provider (espeak-ng on its worker pool), in one process, so a
 * preview that blocked the event loop would show. PORT from the environment.
 *
 * The process watches its own event loop (`monitorEventLoopDelay`, sampled every millisecond: each sample
 * is how long a 1 ms timer really took, so an idle loop reads about 1 ms) and hands the histogram to the
 * bench: `POST /bench/event-loop/reset` starts a window, `GET /bench/event-loop` reads it in milliseconds.
 * Bench-only routes on a bench-only server: the product's servers expose nothing of the kind.
 */
const speech = createLocalSpeech();
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
const app = new Hono()
  .get('/health', (c) => c.json({ status: 'ok' }))
  .post('/preview', async (c) => {
    const { text } = await c.req.json<{ text: string }>();
    const { audio } = await speech.synthesize({ provider: 'local', voice_id: 'emma', text });
    return c.json({ bytes: audio.byteLength });
  })
  .post('/bench/event-loop/reset', (c) => {
    loop.reset();
    return c.json({ reset: true });
  })
  .get('/bench/event-loop', (c) =>
    c.json({
      samples: loop.count,
      p50Ms: ms(loop.percentile(50)),
      p99Ms: ms(loop.percentile(99)),
      maxMs: ms(loop.max),
      meanMs: ms(loop.mean),
    }),
  );

serve({ port: Number(process.env.PORT), hostname: '127.0.0.1', fetch: app.fetch });
exitOnStop();
