import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createLocalSpeech } from '../../backend/src/local/speech/local-speech';

/**
 * The event-loop figure's server (stage health_during_speech): a `/health` answer and a voice preview
 * rendered by the product's local speech provider (espeak-ng on its worker pool), in one process, so a
 * preview that blocked the event loop would show in `/health`'s latency. PORT from the environment.
 */
const speech = createLocalSpeech();
const app = new Hono()
  .get('/health', (c) => c.json({ status: 'ok' }))
  .post('/preview', async (c) => {
    const { text } = await c.req.json<{ text: string }>();
    const { audio } = await speech.synthesize({ provider: 'local', voice_id: 'emma', text });
    return c.json({ bytes: audio.byteLength });
  });

serve({ port: Number(process.env.PORT), hostname: '127.0.0.1', fetch: app.fetch });
const stop = () => process.exit(0);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
