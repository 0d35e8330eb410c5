import type { ApiGetConfigFigure, ApiGoal } from './stages/api-get-config';
import type { LambdaBundleFigure, LambdaRow } from './stages/lambda-bundle';
import { LANDING_JS_GOAL_GZIP_KB, type LandingJsFigure } from './stages/landing-js';

/** Plain aligned text: readable in a terminal and in a CI log, unlike console.table's box of quoted strings. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row) =>
      row
        // Figures right-aligned so digits line up; names and labels left-aligned.
        .map((cell, column) =>
          column > 0 && /^[\d.]/.test(cell) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
        )
        .join('   ')
        .trimEnd(),
    )
    .join('\n');
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);

/** Every goal the bench prints is judged with this mark (issue 41: each goal with ✓ or ✗). */
export const goalMark = (met: boolean) => (met ? '✓' : '✗');

/** Each goal this run has, with ✓ or ✗. */
function apiGoalText(figure: ApiGetConfigFigure, g: ApiGoal): string {
  if (figure.settings.profiled) return 'not judged: both servers ran under the CPU profiler (BENCH_CPU_PROF)';
  if (figure.settings.appSlot === 'hono-floor')
    return 'not judged: the Hono floor ran in the app’s place (BENCH_API_APP_SLOT=hono-floor)';
  const parts: string[] = [];
  if (g.rpsRatioAtLeast !== undefined)
    parts.push(`req/s ratio ≥ ${g.rpsRatioAtLeast} ${goalMark(figure.ratios.rps >= g.rpsRatioAtLeast)}`);
  if (g.p50RatioAtMost !== undefined)
    parts.push(`p50 ratio ≤ ${fixed(g.p50RatioAtMost)} ${goalMark(figure.ratios.p50 <= g.p50RatioAtMost)}`);
  return parts.join(', ');
}

/** Each server's heap flags, in one phrase. */
const heapText = ({ app, baseline }: ApiGetConfigFigure['settings']['nodeOptions']) =>
  app === baseline
    ? `${app || 'Node’s defaults'} (both)`
    : `app ${app || 'Node’s defaults'}, baseline ${baseline || 'Node’s defaults'}`;

/** Which node both servers ran on, and how it compares with Lambda's runtime. */
const nodeText = ({
  binary,
  version,
  deployedMajor,
}: NonNullable<ApiGetConfigFigure['settings']['node']>) => {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  const source = binary === undefined ? 'the machine’s' : `BENCH_SERVER_NODE ${binary}`;
  return major === deployedMajor
    ? `${version} (both servers; ${source}: the major of Lambda’s nodejs${deployedMajor}.x)`
    : `${version} (both servers; ${source}; Lambda runs nodejs${deployedMajor}.x: BENCH_SERVER_NODE=<node ${deployedMajor} binary> measures on it)`;
};

export function formatApi(figure: ApiGetConfigFigure): string {
  const { settings: s, goals: g } = figure;
  // The app's slot, by what ran in it.
  const slot = s.appSlot === 'hono-floor' ? 'floor' : 'app';
  const named = (target: string) => (target === 'app' ? slot : target);
  const row = (name: string, r: ApiGetConfigFigure['app']) => [
    name,
    fixed(r.p50Ms),
    fixed(r.p99Ms),
    fixed(r.rps, 0),
    String(r.requests),
  ];
  return [
    `API  ${figure.request}`,
    `     ${s.connections} connections, ${s.durationSeconds} s per server in ${s.rounds} rounds ` +
      `(${s.order.join(' → ')}), ${s.warmupSeconds} s warm-up each`,
    `     heap: ${heapText(s.nodeOptions)}`,
    ...(s.node ? [`     node: ${nodeText(s.node)}`] : []),
    formatTable([
      ['', 'p50 ms', 'p99 ms', 'req/s', 'requests'],
      row('baseline (node:http, JWT + GetItem)', figure.baseline),
      row(
        s.appSlot === 'hono-floor' ? 'Hono floor (Hono, JWT + GetItem)' : 'app (Hono + JWT auth)',
        figure.app,
      ),
      [
        `${slot} / baseline`,
        `${fixed(figure.ratios.p50)}x`,
        `${fixed(figure.ratios.p99)}x`,
        `${fixed(figure.ratios.rps)}x`,
        '',
      ],
    ]),
    `     req/s per run: ${figure.runs.map((r) => `${named(r.target)} ${fixed(r.rps, 0)}`).join(', ')}`,
    ...(figure.cpuMsPerRequest
      ? [
          `     server CPU per request: baseline ${fixed(figure.cpuMsPerRequest.baseline, 3)} ms, ${slot} ` +
            `${fixed(figure.cpuMsPerRequest.app, 3)} ms (${slot} / baseline ${fixed(figure.cpuMsPerRequest.ratio)}x)`,
        ]
      : []),
    ...(g
      ? [
          `     goal at ${g.connections} connection${g.connections === 1 ? '' : 's'}: ${apiGoalText(figure, g)}`,
        ]
      : []),
  ].join('\n');
}

export function formatLambda(figure: LambdaBundleFigure): string {
  const g = figure.goals;
  const api = figure.functions.find((f) => f.lambda === 'api')!;
  const row = (r: LambdaRow) => [
    r.lambda,
    fixed(r.initKb, 1),
    fixed(r.initGzipKb, 1),
    fixed(r.totalKb, 1),
    fixed(r.sourceMapKb, 1),
    fixed(r.coldInitMedianMs, 1),
    `${fixed(r.coldInitMinMs, 1)}–${fixed(r.coldInitMaxMs, 1)}`,
  ];
  return [
    `Lambda bundles and cold init (median of ${figure.samples}, ${figure.nodeOptions}; KB minified)`,
    formatTable([
      ['function', 'init KB', 'init gzip', 'asset KB', 'maps KB', 'cold init ms', 'min–max'],
      ...figure.functions.map(row),
      row(figure.baseline),
    ]),
    formatTable([
      [
        'API code loaded at init',
        `${fixed(api.initKb, 1)} KB`,
        `goal ≤ ${g.apiInitKb} KB ${goalMark(api.initKb <= g.apiInitKb)}`,
      ],
      [
        'API cold init ÷ bare handler',
        fixed(figure.coldInitRatio),
        `issue 16's ≤ ${g.coldInitRatio}, not judged: issue 41 judges the first ring`,
      ],
      [
        'API cold init, with --enable-source-maps',
        `${fixed(figure.apiWithNodeSourceMapsMedianMs, 1)} ms`,
        '',
      ],
    ]),
  ].join('\n');
}

export function formatLanding(figure: LandingJsFigure): string {
  return [
    `Landing page JS  route ${figure.route}: ${fixed(figure.jsGzipKb)} KB gzip ` +
      `(${fixed(figure.jsRawKb, 1)} KB raw); CSS ${fixed(figure.cssGzipKb)} KB gzip; ` +
      `goal ≤ ${LANDING_JS_GOAL_GZIP_KB} KB gzip ${goalMark(figure.jsGzipKb <= LANDING_JS_GOAL_GZIP_KB)}`,
    formatTable([
      ['file', 'role', 'raw KB', 'gzip KB'],
      ...figure.files.map((f) => [f.file, f.role, fixed(f.bytes / 1024), fixed(f.gzipBytes / 1024)]),
    ]),
  ].join('\n');
}
