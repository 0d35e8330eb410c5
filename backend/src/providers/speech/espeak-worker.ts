import { parentPort } from 'node:worker_threads';
import { renderEspeakWav, type EspeakJob } from './espeak-render';

/** One espeak-pool thread: renders the jobs it is handed, one at a time, and posts each WAV back. */
parentPort!.on('message', (message: { id: number; job: EspeakJob }) => {
  renderEspeakWav(message.job).then(
    (audio) => parentPort!.postMessage({ id: message.id, audio }, [audio.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: (error as Error).message }),
  );
});
