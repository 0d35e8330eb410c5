import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderEspeakWav, type EspeakJob } from './espeak-render';
import { RENDER_THREAD_NICENESS } from './espeak-render-priority';

/**
 * Rendering is background work: requests come first. On Linux a thread's nice value is its own, and
 * setPriority() without a pid sets the calling thread's, so this lowers only this rendering thread. When the
 * cores are all busy, the event loop then gets the CPU before the renderer does, and `/health` keeps its
 * latency while previews render (issue 16 §3). Where a thread cannot be niced, it renders at normal priority.
 */
try {
  setPriority(RENDER_THREAD_NICENESS);
} catch {
  // Not permitted or not supported here: keep the default priority.
}

/** One espeak-pool thread: renders the jobs it is handed, one at a time, and posts each WAV back. */
parentPort!.on('message', (message: { id: number; job: EspeakJob }) => {
  renderEspeakWav(message.job).then(
    (audio) => parentPort!.postMessage({ id: message.id, audio }, [audio.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: (error as Error).message }),
  );
});
