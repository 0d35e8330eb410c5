import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ESpeakNgModule } from 'espeak-ng';

/** What one utterance needs: espeak-ng's voice (+variant), pitch and speed, and the text. */
export type EspeakJob = { espeakVoice: string; pitch: number; speed: number; text: string };

/** The exports of espeak-ng's WebAssembly module that running its CLI's main again needs. */
type EspeakExports = {
  memory: WebAssembly.Memory;
  stackSave(): number;
  stackRestore(pointer: number): void;
  stackAlloc(bytes: number): number;
  __main_argc_argv(argc: number, argv: number): number;
};

/**
 * One espeak-ng instance per thread, run again for every utterance. Its memory as it was before the first
 * run is kept and copied back before each one: the CLI's main expects a fresh process (getopt's position,
 * the synthesizer's static state), and copying 32 MB costs a few milliseconds where instantiating the 18 MB
 * module and unpacking its voice data into a new file system cost over 100 ms and a 32 MB allocation per
 * utterance (issue 16 §3: that churn is what slowed the event loop's neighbour threads).
 */
type Engine = { files: ESpeakNgModule['FS']; exports: EspeakExports; pristine: Uint8Array };

let engine: Promise<Engine> | undefined;
function loadEngine(): Promise<Engine> {
  engine ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('espeak-ng');
    const [{ default: start }, binary] = await Promise.all([
      import('espeak-ng'),
      readFile(path.join(path.dirname(entry), 'espeak-ng.wasm')),
    ]);
    const module = await WebAssembly.compile(binary);
    let exports: EspeakExports | undefined;
    const runtime = await start({
      noInitialRun: true,
      print: () => undefined,
      printErr: () => undefined,
      instantiateWasm: (imports, done) => {
        void WebAssembly.instantiate(module, imports).then((instance) => {
          exports = instance.exports as unknown as EspeakExports;
          done(instance, module);
        });
        return {};
      },
    });
    if (!exports) throw new Error('the module was not instantiated');
    return { files: runtime.FS, exports, pristine: new Uint8Array(exports.memory.buffer).slice() };
  })().catch((error: unknown) => {
    engine = undefined;
    throw new Error(`espeak-ng could not be loaded: ${(error as Error).message}`);
  });
  return engine;
}

const encoder = new TextEncoder();

/** Calls the CLI's main with `args` as argv[1..] on the C stack; its exit() arrives as a thrown status. */
function runMain(exports: EspeakExports, args: string[]): number {
  const argv = ['espeak-ng', ...args];
  const stack = exports.stackSave();
  try {
    const pointers = argv.map((arg) => {
      const bytes = encoder.encode(`${arg}\0`);
      const pointer = exports.stackAlloc(bytes.length);
      new Uint8Array(exports.memory.buffer, pointer, bytes.length).set(bytes);
      return pointer;
    });
    const table = exports.stackAlloc(4 * (pointers.length + 1));
    const view = new DataView(exports.memory.buffer);
    [...pointers, 0].forEach((pointer, i) => view.setUint32(table + 4 * i, pointer, true));
    try {
      return exports.__main_argc_argv(argv.length, table);
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status === 'number') return status;
      throw error;
    }
  } finally {
    exports.stackRestore(stack);
  }
}

/** Puts the memory back as it was before the first run; pages a long utterance added are zeroed, as new. */
function restore({ exports, pristine }: Engine) {
  const memory = new Uint8Array(exports.memory.buffer);
  memory.set(pristine);
  if (memory.length > pristine.length) memory.fill(0, pristine.length);
}

/**
 * Renders one text to a complete 16-bit mono WAV file. CPU-bound for tens of milliseconds: it runs in
 * espeak-worker.ts's threads, never on the server's event loop (espeak-pool.ts).
 */
export async function renderEspeakWav(job: EspeakJob): Promise<Uint8Array> {
  const pending = loadEngine();
  const loaded = await pending;
  restore(loaded);
  // The text goes in as a file, not argv, so a leading '-' or quotes can never read as an option.
  loaded.files.writeFile('/in.txt', job.text);
  try {
    loaded.files.unlink('/out.wav');
  } catch {
    // None yet: the first utterance.
  }
  let status: number | undefined;
  try {
    status = runMain(loaded.exports, [
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
    ]);
  } finally {
    // A run that trapped or failed may have left the runtime half-done (an aborted runtime, files still
    // open): the next utterance starts a new instance rather than inherit it.
    if (status !== 0 && engine === pending) engine = undefined;
  }
  if (status !== 0) throw new Error(`espeak-ng exited with status ${status}`);
  return loaded.files.readFile('/out.wav');
}
