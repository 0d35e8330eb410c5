import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type OnResolveArgs, type Plugin } from 'esbuild';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { REPO_ROOT } from './repo-paths';

/**
 * One description of how a backend Lambda is bundled, read by the CDK stack (lambda-code.ts runs
 * `infra/bin/bundle-lambdas.ts --assets` before each asset is staged), by the bench and by size checks, so a
 * measured bundle is the bundle that ships. esbuild's own API rather than NodejsFunction's command line:
 * only the API takes plugins (zod's locales below) and code splitting (lazy vendor SDKs).
 */

/** The Lambda entry points, relative to the repository root. */
export const LAMBDA_ENTRIES = {
  api: 'backend/src/entry/lambda.ts',
  /** Phone numbers and Twilio's webhooks: the only function that loads the Twilio SDK at start. */
  telephony: 'backend/src/entry/telephony-lambda.ts',
  websocket: 'backend/src/entry/ws-lambda.ts',
  /** Scheduled: the notifications sweep and the daily digest (issue 13 §2). */
  notifications: 'backend/src/entry/notifications-lambda.ts',
} as const;
export type LambdaName = keyof typeof LAMBDA_ENTRIES;
export const LAMBDA_NAMES = Object.keys(LAMBDA_ENTRIES) as LambdaName[];

/**
 * nodejs24.x, not 20.x: AWS deprecated nodejs20.x on 2026-04-30 and then blocks creating functions on it
 * (docs/decisions/002-infrastructure.md). Handlers must be async on this runtime. The esbuild target
 * follows the runtime.
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_NODE_TARGET = 'node24';

/** The entry module in the asset: the function's handler is `index.handler`. */
export const LAMBDA_ENTRY_FILE = 'index.mjs';
/** Chunks loaded on first use (dynamic `import()`), not at cold start: vendor SDKs a request may need. */
export const LAMBDA_CHUNK_DIR = 'chunks';

/**
 * ESM output has no `require`; some CommonJS dependencies still call it for Node built-ins. The aliased
 * import keeps the banner from clashing with a bundled module's own `createRequire` import.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);";

/** The Lambda runtime ships AWS SDK v3; bundling it would only add size and cold-start time. */
export const LAMBDA_EXTERNAL_MODULES = ['@aws-sdk/*'];

const TSCONFIG = path.join(REPO_ROOT, 'tsconfig.json');
/**
 * Stacks mapped to the sources when first written, from the asset's own `.map` files, instead of Node's
 * `--enable-source-maps`, which reads every module's map at load (docs/decisions/186-cold-start.md).
 */
export const SOURCE_MAPPED_STACKS = path.join(
  REPO_ROOT,
  'backend/src/platform/errors/install-source-mapped-stacks.ts',
);
/** Prefer ES module builds of dependencies: better tree shaking in ESM output. */
const MAIN_FIELDS = ['module', 'main'];

/** zod's locales index (`…/locales/index.js`) replaced by one that re-exports English alone. */
const englishOnlyLocalesIndex = (indexFile: string) =>
  `export { default as en } from ${JSON.stringify(path.join(path.dirname(indexFile), 'en.js'))};`;

/**
 * `import { z } from 'zod'` keeps the whole `z` namespace, including `z.locales`: 64 translations of the
 * error messages (258 KB minified, a quarter of the API bundle) that nothing here uses. zod's default
 * English messages come from `locales/en.js`, imported by its schemas directly, so only the index that
 * re-exports every language is replaced, by one that re-exports English.
 */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), args.path), namespace: 'zod-english-only' }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: englishOnlyLocalesIndex(args.path),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

const ZOD_MINI_COPY = 'zod-mini-copy';
/** Marks esbuild's own resolution of an import the copy asked for, so the copy's callback skips it. */
const RESOLVING_FOR_COPY = Symbol(ZOD_MINI_COPY);
const ZOD_LOCALES_INDEX = /[\\/]node_modules[\\/]zod[\\/].*[\\/]locales[\\/]index\.js$/;
const inNodeModules = (file: string) => /[\\/]node_modules[\\/]/.test(file);

/**
 * The repository's code written with `zod/mini` gets its own copy of zod's modules, tree-shaken to what
 * `zod/mini` uses (docs/decisions/186-cold-start.md, session 44). esbuild splits code by file: a module that
 * the start-up code and a lazy chunk both reach goes into a chunk loaded at start, with every part that any
 * chunk uses. A first ring parses with `zod/mini` alone, yet its init compiled zod's whole core (JSON Schema
 * generation, every check: 146 KB) because the classic API in the lazy chunks reaches the same files; its
 * own copy is 30 KB. Two copies of zod work together by design: a schema's `instanceof` checks its traits,
 * not its class, and both read one configuration on `globalThis` (the English messages: zod-english.ts).
 * telephony-cold-start.test.ts runs the asset's forms of both copies in one process.
 */
export const zodMiniOwnCopy: Plugin = {
  name: 'zod-mini-own-copy',
  setup(pluginBuild) {
    const resolveInCopy = async (args: OnResolveArgs) => {
      const resolved = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING_FOR_COPY,
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: ZOD_MINI_COPY, sideEffects: resolved.sideEffects };
    };
    // The repository's imports of zod/mini, and of the core and English messages that zod-english.ts sets.
    pluginBuild.onResolve({ filter: /^zod\/(mini|v4\/core|v4\/locales\/en\.js)$/ }, (args) =>
      args.pluginData === RESOLVING_FOR_COPY || args.namespace !== 'file' || inNodeModules(args.importer)
        ? undefined
        : resolveInCopy(args),
    );
    // What the copy imports stays in the copy.
    pluginBuild.onResolve({ filter: /.*/, namespace: ZOD_MINI_COPY }, (args) =>
      args.pluginData === RESOLVING_FOR_COPY ? undefined : resolveInCopy(args),
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: ZOD_MINI_COPY }, async (args) => ({
      // English only, as zodEnglishOnly makes the other copy.
      contents: ZOD_LOCALES_INDEX.test(args.path)
        ? englishOnlyLocalesIndex(args.path)
        : await readFile(args.path, 'utf8'),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * libphonenumber-js's metadata (83 KB) as one JSON text that `JSON.parse` reads at load, instead of an
 * object literal: V8 parses JSON faster than the same data written as JavaScript (about 3 ms less of a
 * first ring's init). Single-quoted, so the data's own double quotes need no escaping.
 */
export const phoneMetadataAsJson: Plugin = {
  name: 'phone-metadata-as-json',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]libphonenumber-js[\\/]metadata\.min\.json\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
      JSON.parse(json); // the file is the data and nothing else, or this throws and the build fails
      const quoted = `'${json.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
      return { contents: `export default JSON.parse(${quoted});`, loader: 'js' };
    });
  },
};

/**
 * The functions a caller waits on at cold start (a first ring), whose start-up code parses with `zod/mini`
 * alone: it gets zod's own copy (zodMiniOwnCopy) and the phone metadata as JSON (phoneMetadataAsJson). The
 * others build schemas with the classic API at start, where a second copy of zod would only add to their init
 * (25 KB to the API's, close to its 1 MB budget).
 */
const CALLER_WAITS_AT_START: ReadonlySet<LambdaName> = new Set(['telephony']);

/** esbuild options for one Lambda, written into `outdir` as the asset's root (index.mjs + chunks/). */
export function lambdaEsbuildOptions(name: LambdaName, outdir: string): BuildOptions {
  return esbuildOptionsForEntry(LAMBDA_ENTRIES[name], outdir, {
    callerWaitsAtStart: CALLER_WAITS_AT_START.has(name),
  });
}

/**
 * The same options for any entry (relative to the repository), e.g. the bench's bare baseline handler;
 * `callerWaitsAtStart` for a function in CALLER_WAITS_AT_START.
 */
export function esbuildOptionsForEntry(
  entry: string,
  outdir: string,
  { callerWaitsAtStart = false }: { callerWaitsAtStart?: boolean } = {},
): BuildOptions {
  return {
    entryPoints: { index: path.join(REPO_ROOT, entry) },
    outdir,
    outExtension: { '.js': '.mjs' },
    // Dynamic import() becomes its own chunk, read from disk only when a request first needs it.
    splitting: true,
    chunkNames: `${LAMBDA_CHUNK_DIR}/[name]-[hash]`,
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_NODE_TARGET,
    minify: true,
    sourcemap: true,
    // Stack traces map to file:line without shipping the sources inside the zip.
    sourcesContent: false,
    mainFields: MAIN_FIELDS,
    banner: { js: ESM_REQUIRE_BANNER },
    // Evaluated before the entry's own modules: a stack, even one thrown at init, names the .ts sources.
    inject: [SOURCE_MAPPED_STACKS],
    // Root tsconfig, so the `@shared/*` path alias resolves exactly as in the editor and in vitest.
    tsconfig: TSCONFIG,
    external: LAMBDA_EXTERNAL_MODULES,
    // Warnings and errors only: no size summary per bundle in every synth and test run.
    logLevel: 'warning',
    metafile: true,
    plugins: callerWaitsAtStart ? [zodMiniOwnCopy, zodEnglishOnly, phoneMetadataAsJson] : [zodEnglishOnly],
  };
}

/** Bundles one Lambda into `outdir`; the metafile (for https://esbuild.github.io/analyze/) is returned. */
export async function bundleLambda(name: LambdaName, outdir: string): Promise<Metafile> {
  return bundleWith(lambdaEsbuildOptions(name, outdir));
}

export async function bundleEntry(entry: string, outdir: string): Promise<Metafile> {
  return bundleWith(esbuildOptionsForEntry(entry, outdir));
}

async function bundleWith(options: BuildOptions): Promise<Metafile> {
  mkdirSync(options.outdir!, { recursive: true });
  const result = await build(options);
  return result.metafile!;
}

/** Writes the metafile beside (not inside) an asset directory, so it never ships in the zip. */
export function writeMetafile(file: string, metafile: Metafile): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(metafile));
}
