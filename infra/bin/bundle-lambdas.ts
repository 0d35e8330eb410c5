/**
 * Bundles the backend Lambdas exactly as the CDK stack does (infra/lib/lambda-bundling.ts) and prints
 * their sizes, without synthesizing the stack. For size budgets and benchmarks:
 *
 *   npx tsx infra/bin/bundle-lambdas.ts [outDir] [api|websocket ...]
 *
 * Writes <outDir>/<name>/index.mjs (+ .map, + meta.json for https://esbuild.github.io/analyze/).
 * outDir defaults to .local/lambda-bundles. Prints one JSON line per bundle on stdout.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { LAMBDA_ENTRIES, lambdaEsbuildOptions, type LambdaName } from '../lib/lambda-bundling';
import { REPO_ROOT } from '../lib/repo-paths';

const [outArg, ...nameArgs] = process.argv.slice(2);
const outDir = path.resolve(outArg ?? path.join(REPO_ROOT, '.local', 'lambda-bundles'));
const allNames = Object.keys(LAMBDA_ENTRIES) as LambdaName[];
const names = nameArgs.length > 0 ? nameArgs : allNames;

for (const name of names) {
  if (!allNames.includes(name as LambdaName)) {
    throw new Error(`Unknown Lambda "${name}"; expected one of ${allNames.join(', ')}`);
  }
  const outfile = path.join(outDir, name, 'index.mjs');
  mkdirSync(path.dirname(outfile), { recursive: true });
  const result = await build(lambdaEsbuildOptions(name as LambdaName, outfile));
  writeFileSync(path.join(outDir, name, 'meta.json'), JSON.stringify(result.metafile));
  const code = readFileSync(outfile);
  console.log(
    JSON.stringify({
      lambda: name,
      entry: LAMBDA_ENTRIES[name as LambdaName],
      outfile: path.relative(REPO_ROOT, outfile),
      bytes: code.byteLength,
      gzipBytes: gzipSync(code).byteLength,
    }),
  );
}
