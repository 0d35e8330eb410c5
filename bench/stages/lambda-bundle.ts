import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../scripts/local-stack/local-stack';
import { runCommand } from '../children';
import { kb, median, round } from '../stats';

/**
 * Under .local (gitignored) inside the repository, not the OS temp dir: the bundle keeps `@aws-sdk/*`
 * external (the Lambda runtime provides it), and Node resolves it from the repository's node_modules only
 * when the bundle lives below the repository root.
 */
const OUT_DIR = path.join(REPO_ROOT, '.local', 'bench', 'lambda');

export type LambdaBundleFigure = {
  measuredAt: string;
  lambda: 'api';
  entry: string;
  bundleKb: number;
  bundleGzipKb: number;
  sourceMapKb: number;
  coldInit: {
    samples: number;
    /** import() of the bundle, which builds the app at module load, with NODE_OPTIONS as deployed. */
    medianMs: number;
    minMs: number;
    maxMs: number;
    /** The same without --enable-source-maps, to show what the deployed flag costs. */
    withoutSourceMapsMedianMs: number;
    nodeOptions: string;
    note: string;
  };
};

/** The probe each fresh process runs: time the import and check the handler is there. */
const PROBE = `
const started = performance.now();
const mod = await import(process.env.BENCH_BUNDLE_URL);
const importMs = performance.now() - started;
if (typeof mod.handler !== 'function') throw new Error('the bundle exports no handler');
console.log(JSON.stringify({ importMs }));
process.exit(0);
`;

export async function measureLambdaBundle(
  options: { samples: number },
  log: (line: string) => void,
): Promise<LambdaBundleFigure> {
  // Loaded here, not at the top: it pulls in aws-cdk-lib, which the other stages do not need.
  const { LAMBDA_ENTRIES, lambdaEsbuildOptions } = await import('../../infra/lib/lambda-bundling');
  const outfile = path.join(OUT_DIR, 'api', 'index.mjs');
  rmSync(path.dirname(outfile), { recursive: true, force: true });
  mkdirSync(path.dirname(outfile), { recursive: true });

  log('bundling the API Lambda with the CDK stack’s esbuild options…');
  const result = await build(lambdaEsbuildOptions('api', outfile));
  if (result.metafile)
    writeFileSync(path.join(path.dirname(outfile), 'meta.json'), JSON.stringify(result.metafile));
  const code = readFileSync(outfile);

  const deployedFlags = '--enable-source-maps'; // NODE_OPTIONS that infra/lib/backend-function.ts sets.
  log(
    `cold init: ${options.samples} fresh node processes with ${deployedFlags}, then ${options.samples} without…`,
  );
  const withMaps = await coldInitSamples(outfile, deployedFlags, options.samples);
  const withoutMaps = await coldInitSamples(outfile, '', options.samples);

  return {
    measuredAt: new Date().toISOString(),
    lambda: 'api',
    entry: LAMBDA_ENTRIES.api,
    bundleKb: kb(code.byteLength),
    bundleGzipKb: kb(gzipSync(code, { level: 9 }).byteLength),
    sourceMapKb: kb(statSync(`${outfile}.map`).size),
    coldInit: {
      samples: withMaps.length,
      medianMs: round(median(withMaps)),
      minMs: round(Math.min(...withMaps)),
      maxMs: round(Math.max(...withMaps)),
      withoutSourceMapsMedianMs: round(median(withoutMaps)),
      nodeOptions: deployedFlags,
      note:
        `node ${process.version} locally (Lambda runs nodejs24.x); @aws-sdk/* loads from node_modules as ` +
        'the runtime would load its own copy; excludes the runtime bootstrap and the first request.',
    },
  };
}

async function coldInitSamples(bundle: string, nodeOptions: string, samples: number): Promise<number[]> {
  const env = {
    PATH: process.env.PATH,
    NODE_OPTIONS: nodeOptions,
    BENCH_BUNDLE_URL: pathToFileURL(bundle).href,
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
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const result = await runCommand(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd: REPO_ROOT,
      env,
      timeoutMs: 30_000,
    });
    const line = result.stdout.trim().split('\n').pop() ?? '';
    if (result.code !== 0 || !line.startsWith('{')) {
      throw new Error(`cold-init probe failed (exit ${result.code}):\n${result.stderr.slice(-2000)}`);
    }
    times.push((JSON.parse(line) as { importMs: number }).importMs);
  }
  return times;
}
