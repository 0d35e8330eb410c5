import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { REPO_ROOT } from '../../scripts/local-stack/local-stack';
import { runCommand } from '../children';
import { kb, median, round } from '../stats';

/**
 * Under .local (gitignored) inside the repository, not the OS temp dir: the bundle keeps `@aws-sdk/*`
 * external (the Lambda runtime provides it), and Node resolves it from the repository's node_modules only
 * when the bundle lives below the repository root.
 */
const OUT_DIR = path.join(REPO_ROOT, '.local', 'bench', 'lambda');
export const BASELINE_ENTRY = 'bench/servers/baseline-lambda.ts';
/**
 * Issue 16's goals: the API function's code loaded at init, and its cold init over the bare handler's. Issue
 * 41 keeps the first (it must not regress) and judges the caller-facing cold start instead of the second
 * (telephony_first_ring), which is printed for reading only.
 */
export const LAMBDA_GOALS = { apiInitKb: 1024, coldInitRatio: 1.5 } as const;

export type LambdaRow = {
  lambda: string;
  entry: string;
  /** index.mjs and the chunks it imports statically: the code read and evaluated at cold start. */
  initKb: number;
  initGzipKb: number;
  /** Every .mjs of the asset, the lazily loaded chunks (e.g. the Twilio SDK) included. */
  totalKb: number;
  sourceMapKb: number;
  coldInitMedianMs: number;
  coldInitMinMs: number;
  coldInitMaxMs: number;
};

export type LambdaBundleFigure = {
  measuredAt: string;
  functions: LambdaRow[];
  baseline: LambdaRow;
  /** API cold init median ÷ the bare handler's, both measured in the same interleaved run. */
  coldInitRatio: number;
  goals: typeof LAMBDA_GOALS;
  samples: number;
  /** The API's cold init with Node's --enable-source-maps, to show what the bundles' own mapping saves. */
  apiWithNodeSourceMapsMedianMs: number;
  nodeOptions: string;
  note: string;
};

/** The probe each fresh process runs: time the import and check the handler is there. */
const PROBE = `
const started = performance.now();
const cpu = process.cpuUsage();
const mod = await import(process.env.BENCH_BUNDLE_URL);
const importMs = performance.now() - started;
const { user, system } = process.cpuUsage(cpu);
if (typeof mod.handler !== 'function') throw new Error('the bundle exports no handler');
console.log(JSON.stringify({ importMs, cpuMs: (user + system) / 1000 }));
process.exit(0);
`;

type Target = { lambda: string; entry: string; dir: string; metafile: Metafile };

export async function measureLambdaBundle(
  options: { samples: number },
  log: (line: string) => void,
): Promise<LambdaBundleFigure> {
  // Loaded here, not at the top: it pulls in aws-cdk-lib, which the other stages do not need.
  const { LAMBDA_ENTRIES, LAMBDA_NAMES, bundleEntry, bundleLambda } =
    await import('../../infra/lib/lambda-bundling');
  // Each function bundled as the stack bundles it (its own options: bundleLambda); the bare handler by entry.
  const entries: [string, string, (dir: string) => Promise<Metafile>][] = [
    ...LAMBDA_NAMES.map((name): [string, string, (dir: string) => Promise<Metafile>] => [
      name,
      LAMBDA_ENTRIES[name],
      (dir) => bundleLambda(name, dir),
    ]),
    ['baseline', BASELINE_ENTRY, (dir) => bundleEntry(BASELINE_ENTRY, dir)],
  ];
  const targets: Target[] = [];
  for (const [lambda, entry, bundle] of entries) {
    const dir = path.join(OUT_DIR, lambda);
    rmSync(dir, { recursive: true, force: true });
    log(`bundling ${lambda} (${entry}) with the stack’s esbuild options…`);
    targets.push({ lambda, entry, dir, metafile: await bundle(dir) });
  }

  // NODE_OPTIONS that infra/lib/backend-function.ts sets: none since session 41 (source-mapped-stacks.ts).
  const deployedFlags = '';
  log(
    `cold init: ${options.samples} rounds of one fresh node process per function (${deployedFlags || 'no node flags'}), ` +
      'interleaved so drift weighs on all alike…',
  );
  const times = new Map<string, number[]>(targets.map((t) => [t.lambda, []]));
  // What Node's own source maps would cost at init (the functions ran with them until session 41).
  const apiWithNodeMaps: number[] = [];
  const api = targets.find((t) => t.lambda === 'api')!;
  for (let i = 0; i < options.samples; i++) {
    for (const target of targets) times.get(target.lambda)!.push(await coldInit(target.dir, deployedFlags));
    apiWithNodeMaps.push(await coldInit(api.dir, '--enable-source-maps'));
  }

  const rows = targets.map((target) => row(target, times.get(target.lambda)!));
  const baseline = rows.pop()!;
  const apiRow = rows.find((r) => r.lambda === 'api')!;
  return {
    measuredAt: new Date().toISOString(),
    functions: rows,
    baseline,
    coldInitRatio: round(apiRow.coldInitMedianMs / baseline.coldInitMedianMs, 3),
    goals: LAMBDA_GOALS,
    samples: options.samples,
    apiWithNodeSourceMapsMedianMs: round(median(apiWithNodeMaps)),
    nodeOptions: deployedFlags,
    note:
      `node ${process.version} locally (Lambda runs nodejs24.x); @aws-sdk/* loads from node_modules as ` +
      'the runtime would load its own copy; excludes the runtime bootstrap and the first request.',
  };
}

/** Sizes and cold-init times of one function's bundle. */
function row(target: Target, samples: number[]): LambdaRow {
  return {
    lambda: target.lambda,
    entry: target.entry,
    ...bundleSizes(target.metafile, target.dir),
    coldInitMedianMs: round(median(samples)),
    coldInitMinMs: round(Math.min(...samples)),
    coldInitMaxMs: round(Math.max(...samples)),
  };
}

/**
 * Sizes from the metafile: the entry plus its static chunk imports, and every chunk of the asset. `root` is
 * the directory the build ran in (esbuild's absWorkingDir), which the metafile's paths are relative to.
 */
export function bundleSizes(metafile: Metafile, dir: string, root = REPO_ROOT) {
  const outputs = metafile.outputs;
  const key = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const entryKey = key(path.join(dir, 'index.mjs'));
  const atInit = new Set<string>();
  const visit = (file: string) => {
    if (atInit.has(file) || !outputs[file]) return;
    atInit.add(file);
    for (const imported of outputs[file].imports)
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryKey);
  const code = [...atInit].map((file) => readFileSync(path.join(root, file)));
  const all = Object.keys(outputs).filter((file) => file.endsWith('.mjs'));
  const bytes = (files: string[]) =>
    files.reduce((sum, file) => sum + statSync(path.join(root, file)).size, 0);
  return {
    initKb: kb(code.reduce((sum, c) => sum + c.byteLength, 0)),
    initGzipKb: kb(code.reduce((sum, c) => sum + gzipSync(c, { level: 9 }).byteLength, 0)),
    totalKb: kb(bytes(all)),
    sourceMapKb: kb(bytes(Object.keys(outputs).filter((file) => file.endsWith('.map')))),
  };
}

/** Milliseconds one fresh node process takes to import the bundle in `dir` (its cold init). */
export async function coldInit(dir: string, nodeOptions: string): Promise<number> {
  return (await coldInitSample(dir, nodeOptions)).importMs;
}

/**
 * One cold init: wall time, and the CPU time the process spent in it (every thread), which a busy shared
 * machine disturbs far less than the wall time.
 */
export async function coldInitSample(
  dir: string,
  nodeOptions: string,
): Promise<{ importMs: number; cpuMs: number }> {
  const env = {
    PATH: process.env.PATH,
    NODE_OPTIONS: nodeOptions,
    BENCH_BUNDLE_URL: pathToFileURL(path.join(dir, 'index.mjs')).href,
    // Enough for loadConfig to pass; nothing is contacted while the app is built.
    APP_ENV: 'test',
    AWS_REGION: 'us-east-1',
    TABLE_NAME: 'bench-cold-init',
    DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
    COGNITO_USER_POOL_ID: 'local_bench',
    COGNITO_CLIENT_ID: 'bench-client',
    COGNITO_ISSUER: 'http://127.0.0.1:9/local_bench',
    COGNITO_JWKS_URL: 'http://127.0.0.1:9/local_bench/.well-known/jwks.json',
    // As in AWS: no local providers (the outbox route) are mounted.
    LOCAL_PROVIDERS: 'false',
    // The SDK warns about Node < 22 on stderr when a client is created; nodejs24.x never does.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const result = await runCommand(process.execPath, ['--input-type=module', '-e', PROBE], {
    cwd: REPO_ROOT,
    env,
    timeoutMs: 30_000,
  });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.code !== 0 || !line.startsWith('{')) {
    throw new Error(`cold-init probe of ${dir} failed (exit ${result.code}):\n${result.stderr.slice(-2000)}`);
  }
  return JSON.parse(line) as { importMs: number; cpuMs: number };
}
