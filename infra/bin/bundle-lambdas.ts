/**
 * Bundles the backend Lambdas exactly as the CDK stack does (infra/lib/lambda-bundling.ts) and prints
 * their sizes. For size budgets and benchmarks:
 *
 *   npx tsx infra/bin/bundle-lambdas.ts [outDir] [api|telephony|websocket ...]
 *
 * Writes <outDir>/<name>/index.mjs (+ chunks/, source maps) and <outDir>/<name>.meta.json (for
 * https://esbuild.github.io/analyze/). outDir defaults to .local/lambda-bundles. Prints one JSON line per
 * bundle on stdout.
 *
 *   node --import tsx infra/bin/bundle-lambdas.ts --assets <dir> <name> [<name> ...]
 *
 * is the CDK assets' bundling (infra/lib/lambda-code.ts): each Lambda named straight into <dir>/<name>
 * (nothing else written there), all at once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  bundleLambda,
  LAMBDA_ENTRIES,
  LAMBDA_ENTRY_FILE,
  LAMBDA_NAMES,
  writeMetafile,
} from '../lib/lambda-bundling';
import type { LambdaName } from '../lib/lambda-bundling';
import { REPO_ROOT } from '../lib/repo-paths';

const args = process.argv.slice(2);

function lambdaName(name: string | undefined): LambdaName {
  if (!LAMBDA_NAMES.includes(name as LambdaName)) {
    throw new Error(`Unknown Lambda "${name}"; expected one of ${LAMBDA_NAMES.join(', ')}`);
  }
  return name as LambdaName;
}

if (args[0] === '--assets') {
  const [, outdir, ...names] = args;
  if (!outdir || names.length === 0) throw new Error('--assets needs an output directory and Lambda names');
  await Promise.all(names.map(lambdaName).map((name) => bundleLambda(name, path.join(outdir, name))));
} else {
  const [outArg, ...nameArgs] = args;
  const outDir = path.resolve(outArg ?? path.join(REPO_ROOT, '.local', 'lambda-bundles'));
  for (const name of (nameArgs.length > 0 ? nameArgs : LAMBDA_NAMES).map(lambdaName)) {
    const dir = path.join(outDir, name);
    writeMetafile(path.join(outDir, `${name}.meta.json`), await bundleLambda(name, dir));
    const code = readFileSync(path.join(dir, LAMBDA_ENTRY_FILE));
    console.log(
      JSON.stringify({
        lambda: name,
        entry: LAMBDA_ENTRIES[name],
        outfile: path.relative(REPO_ROOT, path.join(dir, LAMBDA_ENTRY_FILE)),
        bytes: code.byteLength,
        gzipBytes: gzipSync(code).byteLength,
      }),
    );
  }
}
