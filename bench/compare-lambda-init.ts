/**
 * A Lambda's cold start before and after a change: the function bundled from a git revision and from the
 * working tree, each with that tree's own bundling code (infra/lib/lambda-bundling.ts), then imported in
 * fresh node processes, the two interleaved round by round (and in alternating order) so drift on a shared
 * machine weighs on both alike. Also times the TwiML builders alone: a fresh process importing them and
 * writing the first documents, what a call's first webhook pays beyond init.
 *
 *   npx tsx bench/compare-lambda-init.ts --base <git-ref> [--lambda telephony] [--samples 40]
 *
 * Prints one table; writes nothing but bundles under .local/bench/compare. See bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { REPO_ROOT } from '../scripts/local-stack/local-stack';
import { installCleanupHandlers, runCommand, stopAll } from './children';
import { median, percentile, round } from './stats';
import { bundleSizes, coldInitSample } from './stages/lambda-bundle';

type Bundling = {
  bundleLambda: (name: 'telephony', outdir: string) => Promise<Metafile>;
  bundleEntry: (entry: string, outdir: string) => Promise<Metafile>;
};
type Tree = { label: string; root: string; dir: string; metafile: Metafile; probeDir: string };

const OUT = path.join(REPO_ROOT, '.local', 'bench', 'compare');
/**
 * Node flags of both trees' processes: none, as deployed since session 41 (each bundle maps its own stacks);
 * BENCH_COMPARE_NODE_OPTIONS='--enable-source-maps' measures a tree from before as it was deployed.
 */
const COMPARE_NODE_OPTIONS = process.env.BENCH_COMPARE_NODE_OPTIONS ?? '';
/** What a call's webhooks build: imported from the tree's own builder modules. */
const PROBE_ENTRY = `
import { connectRelayTwiml, sayThenDialTwiml } from '../../backend/src/providers/telephony/voice-twiml';
import { messagingResponse } from '../../backend/src/providers/telephony/twiml';
export const handler = async () => undefined;
export const firstDocuments = () =>
  connectRelayTwiml({ relayUrl: 'wss://x/relay', actionUrl: 'https://x/after?c=1&d=2',
    welcomeGreeting: 'Thanks for calling Tom & Jerry\\'s "Best" <Cuts>.', language: 'en-US',
    parameters: { conversationId: 'c1' } }).length +
  sayThenDialTwiml('Please hold & wait', '+14155550142').length + messagingResponse(['a & b']).length;
`;
const FIRST_USE_PROBE = `
const cpuMs = (since) => { const { user, system } = process.cpuUsage(since); return (user + system) / 1000; };
const started = performance.now();
const cpu = process.cpuUsage();
const mod = await import(process.env.BENCH_BUNDLE_URL);
const imported = performance.now();
const importCpuMs = cpuMs(cpu);
const cpuImported = process.cpuUsage();
if (!(mod.firstDocuments() > 0)) throw new Error('no TwiML');
console.log(JSON.stringify({
  importMs: imported - started, importCpuMs,
  firstBuildMs: performance.now() - imported, firstBuildCpuMs: cpuMs(cpuImported),
}));
process.exit(0);
`;

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      lambda: { type: 'string', default: 'telephony' },
      samples: { type: 'string', default: '40' },
    },
  });
  if (!values.base) throw new Error('--base <git-ref> is required (the revision to compare against)');
  const lambda = values.lambda as 'telephony';
  const samples = Number(values.samples);
  const baseRoot = path.join(OUT, 'base-tree');
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(baseRoot, { recursive: true });
  // Below the repository, so the base tree's imports resolve from the same node_modules.
  const archive = execFileSync(
    'git',
    ['archive', values.base, 'backend', 'shared', 'infra', 'tsconfig.json'],
    {
      cwd: REPO_ROOT,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', baseRoot], { input: archive });

  const trees: Tree[] = [];
  for (const [label, root] of [
    [`base ${values.base}`, baseRoot],
    ['working tree', REPO_ROOT],
  ] as const) {
    const bundling = (await import(
      pathToFileURL(path.join(root, 'infra', 'lib', 'lambda-bundling.ts')).href
    )) as Bundling;
    const dir = path.join(OUT, label.startsWith('base') ? 'base' : 'head', lambda);
    console.log(`bundling ${lambda} from the ${label}…`);
    const metafile = await bundling.bundleLambda(lambda, dir);
    const probeSource = path.join(root, '.local', 'bench', 'twiml-probe-entry.ts');
    mkdirSync(path.dirname(probeSource), { recursive: true });
    writeFileSync(probeSource, PROBE_ENTRY);
    const probeDir = path.join(path.dirname(dir), 'twiml-probe');
    await bundling.bundleEntry(path.relative(root, probeSource), probeDir);
    trees.push({ label, root, dir, metafile, probeDir });
  }

  console.log(`${samples} rounds: one fresh node process per tree for the function, one for the builders…`);
  type Sample = { importMs: number; cpuMs: number };
  type FirstUse = Awaited<ReturnType<typeof probeFirstUse>>;
  const init = trees.map(() => [] as Sample[]);
  const firstUse = trees.map(() => [] as FirstUse[]);
  for (let i = 0; i < samples; i++) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const t of order) init[t]!.push(await coldInitSample(trees[t]!.dir, COMPARE_NODE_OPTIONS));
    for (const t of order) firstUse[t]!.push(await probeFirstUse(trees[t]!.probeDir));
  }

  const p50 = <T>(values: T[], pick: (value: T) => number) => round(median(values.map(pick)));
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${round(percentile(sorted, 25))} / ${round(median(sorted))} / ${round(percentile(sorted, 75))}`;
  };
  const rows = trees.map((tree, t) => ({
    tree: tree.label,
    ...bundleSizes(tree.metafile, tree.dir, tree.root),
    coldInitMedianMs: p50(init[t]!, (s) => s.importMs),
    coldInitCpuMedianMs: p50(init[t]!, (s) => s.cpuMs),
    builders: {
      importMedianMs: p50(firstUse[t]!, (s) => s.importMs),
      importCpuMedianMs: p50(firstUse[t]!, (s) => s.importCpuMs),
      firstBuildMedianMs: p50(firstUse[t]!, (s) => s.firstBuildMs),
      firstBuildCpuMedianMs: p50(firstUse[t]!, (s) => s.firstBuildCpuMs),
    },
  }));
  console.table(
    rows.map((r) => ({
      tree: r.tree,
      'init KB': r.initKb,
      'init KB gzip': r.initGzipKb,
      'all .mjs KB': r.totalKb,
      'cold init ms': r.coldInitMedianMs,
      'cold init CPU ms': r.coldInitCpuMedianMs,
      'TwiML import ms (CPU)': `${r.builders.importMedianMs} (${r.builders.importCpuMedianMs})`,
      'first documents ms (CPU)': `${r.builders.firstBuildMedianMs} (${r.builders.firstBuildCpuMedianMs})`,
    })),
  );
  const paired = (pick: (s: Sample) => number) =>
    init[1]!.map((after, i) => pick(after) - pick(init[0]![i]!));
  console.log(
    `working tree − base, paired by round, p25 / median / p75 over ${samples} rounds (${process.version}):`,
  );
  console.log(`  cold init wall ${spread(paired((s) => s.importMs))} ms`);
  console.log(`  cold init CPU  ${spread(paired((s) => s.cpuMs))} ms`);
  console.log(JSON.stringify({ lambda, samples, rows }));
}

async function probeFirstUse(dir: string) {
  const result = await runCommand(process.execPath, ['--input-type=module', '-e', FIRST_USE_PROBE], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, BENCH_BUNDLE_URL: pathToFileURL(path.join(dir, 'index.mjs')).href },
    timeoutMs: 30_000,
  });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.code !== 0 || !line.startsWith('{')) throw new Error(`builders probe failed:\n${result.stderr}`);
  return JSON.parse(line) as {
    importMs: number;
    importCpuMs: number;
    firstBuildMs: number;
    firstBuildCpuMs: number;
  };
}

installCleanupHandlers();
try {
  await main();
} finally {
  await stopAll();
}
