import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EspeakJob } from './espeak-render';

/** The pool is full: the caller answers "busy, try again" (503) rather than waiting without bound. */
export class SpeechBusyError extends Error {}

export type EspeakPoolOptions = {
  /** Threads rendering at once; each holds its own compiled module (~20 MB). */
  threads?: number;
  /** Jobs waiting for a free thread before new ones are refused. */
  maxQueued?: number;
  /** The worker script; tests point it elsewhere. */
  workerUrl?: URL;
};

export const ESPEAK_POOL_DEFAULTS = {
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueued: 16,
};

type Pending = { job: EspeakJob; resolve: (audio: Uint8Array) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; busy?: Pending & { id: number } };

/**
 * espeak-ng renders on worker threads so the event loop keeps answering while previews and streams are
 * synthesized (issue 16 §3). A few threads, a bounded FIFO queue in front of them; a full queue refuses at
 * once with SpeechBusyError. Threads start on first use and are unref'd, so an idle pool never keeps the
 * process alive; a thread that dies fails its job and is replaced on the next one.
 */
export function createEspeakPool(options: EspeakPoolOptions = {}) {
  const threads = options.threads ?? ESPEAK_POOL_DEFAULTS.threads;
  const maxQueued = options.maxQueued ?? ESPEAK_POOL_DEFAULTS.maxQueued;
  const workerUrl = options.workerUrl ?? workerScript();
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 0;

  function spawn(): Slot {
    // Under tsx (npm start, the bench) and vitest the worker is TypeScript: the thread registers tsx's
    // loader itself, then imports it (a loader flag in execArgv does not reach worker threads on Node 20).
    const worker = workerUrl.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`,
          { eval: true },
        )
      : new Worker(workerUrl);
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (message: { id: number; audio?: Uint8Array; error?: string }) => {
      const done = slot.busy;
      if (!done || done.id !== message.id) return;
      slot.busy = undefined;
      if (message.audio) done.resolve(message.audio);
      else done.reject(new Error(message.error ?? 'espeak-ng failed'));
      dispatch();
    });
    const fail = (error: Error) => {
      if (slots.includes(slot)) slots.splice(slots.indexOf(slot), 1);
      slot.busy?.reject(error);
      slot.busy = undefined;
      dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (slots.includes(slot)) fail(new Error(`espeak-ng worker exited (${code})`));
    });
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (queue.length > 0) {
      const slot = slots.find((s) => !s.busy) ?? (slots.length < threads ? spawn() : undefined);
      if (!slot) return;
      const pending = queue.shift()!;
      slot.busy = { ...pending, id: nextId++ };
      slot.worker.postMessage({ id: slot.busy.id, job: pending.job });
    }
  }

  return {
    render(job: EspeakJob): Promise<Uint8Array> {
      const idle = slots.some((s) => !s.busy) || slots.length < threads;
      if (!idle && queue.length >= maxQueued) {
        return Promise.reject(new SpeechBusyError('Speech synthesis is busy; try again in a moment'));
      }
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      });
    },
    /** Jobs rendering and waiting, for tests and logs. */
    load: () => ({ rendering: slots.filter((s) => s.busy).length, queued: queue.length }),
    async close(): Promise<void> {
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
export type EspeakPool = ReturnType<typeof createEspeakPool>;

/** The worker beside this module: .ts under tsx/vitest, .js when compiled. */
function workerScript(): URL {
  const self = new URL(import.meta.url);
  return new URL(`./espeak-worker${self.pathname.endsWith('.ts') ? '.ts' : '.js'}`, self);
}
