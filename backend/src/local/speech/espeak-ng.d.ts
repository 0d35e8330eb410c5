/** The espeak-ng npm package (Emscripten build of the espeak-ng CLI) ships no types; this is the part we use. */
declare module 'espeak-ng' {
  export type ESpeakNgModule = {
    FS: {
      readFile(path: string): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
      unlink(path: string): void;
    };
  };
  export type ESpeakNgOptions = {
    /** The CLI's argv, e.g. ['-v', 'en-us+f3', '-w', 'out.wav', '-f', 'in.txt']. */
    arguments?: string[];
    /** Set up the runtime (file system, static data) without running the CLI's main. */
    noInitialRun?: boolean;
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    preRun?: Array<(module: ESpeakNgModule) => void>;
    /** Emscripten hook to instantiate from an already compiled module instead of fetching the .wasm again. */
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
  };
  /** Runs the CLI to completion (unless noInitialRun); the resolved module's FS holds the files it wrote. */
  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgModule>;
}
