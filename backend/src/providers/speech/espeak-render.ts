import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What one utterance needs: espeak-ng's voice (+variant), pitch and speed, and the text. */
export type EspeakJob = { espeakVoice: string; pitch: number; speed: number; text: string };

/** The 18 MB WebAssembly module is compiled once per thread and instantiated per utterance. */
let compiled: Promise<{ run: typeof import('espeak-ng').default; module: WebAssembly.Module }> | undefined;
function loadEspeak() {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('espeak-ng');
    const [{ default: run }, binary] = await Promise.all([
      import('espeak-ng'),
      readFile(path.join(path.dirname(entry), 'espeak-ng.wasm')),
    ]);
    return { run, module: await WebAssembly.compile(binary) };
  })().catch((error: unknown) => {
    compiled = undefined;
    throw new Error(`espeak-ng could not be loaded: ${(error as Error).message}`);
  });
  return compiled;
}

/**
 * Renders one text to a complete 16-bit mono WAV file. CPU-bound for tens to hundreds of milliseconds:
 * it runs in espeak-worker.ts's threads, never on the server's event loop (espeak-pool.ts).
 */
export async function renderEspeakWav(job: EspeakJob): Promise<Uint8Array> {
  const { run, module } = await loadEspeak();
  const espeak = await run({
    // The text goes in as a file, not argv, so a leading '-' or quotes can never read as an option.
    arguments: [
      '-v',
      job.espeakVoice,
      '-p',
      String(job.pitch),
      '-s',
      String(job.speed),
      '-w',
      '/out.wav',
      '-f',
      '/in.txt',
    ],
    preRun: [(m) => m.FS.writeFile('/in.txt', job.text)],
    print: () => undefined,
    printErr: () => undefined,
    instantiateWasm: (imports, done) => {
      void WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    },
  });
  return espeak.FS.readFile('/out.wav');
}
