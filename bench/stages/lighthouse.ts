import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureConfirmedOwner, seedDemoOwner, type DemoStack } from '../../scripts/local-stack/demo-owner';
import { assertJava } from '../../scripts/local-stack/dynamodb-local';
import { REPO_ROOT, startLocalStack, type StackPorts } from '../../scripts/local-stack/local-stack';
import { freePort } from '../../scripts/local-stack/ports';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import { killGroup, register } from '../children';
import { median } from '../stats';
import { buildFrontend } from './landing-js';

/** Issue 16 §5: performance, accessibility and best practices each ≥ 95 on every page measured. */
export const LIGHTHOUSE_GOAL = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

const OUT_DIR = path.join(REPO_ROOT, '.local', 'bench', 'lighthouse-web');
/** Every run's full report (JSON), to see what a score lost points on. */
const REPORTS_DIR = path.join(REPO_ROOT, '.local', 'bench', 'lighthouse-reports');
const TABLE_NAME = 'receptionist-bench-lighthouse';
const PASSWORD = 'bench-lighthouse-9';

/** Who is signed in when a page is measured: nobody, a fresh sign-up, or an owner with a finished setup. */
type Visitor = 'signed-out' | 'new-owner' | 'complete-owner';
const PAGES: Array<{ name: string; path: string; visitor: Visitor }> = [
  { name: 'landing', path: '/', visitor: 'signed-out' },
  { name: 'plans', path: '/plans', visitor: 'new-owner' },
  { name: 'setup step 1', path: '/setup', visitor: 'new-owner' },
  { name: 'dashboard', path: '/dashboard', visitor: 'complete-owner' },
];

/**
 * The CPU slowdown that makes this machine behave like Lighthouse's mobile target, from its benchmarkIndex,
 * as the Lighthouse team's CPU-throttling calculator maps it (docs/throttling.md, "calibrating
 * multipliers"): 150 → 1×, 800 → 2×, 1300 → 3×, then +1× per 233 (1533 → 4×, the default, is a fast
 * desktop). A shared, loaded machine scores far below a desktop, so the default 4× would emulate a phone
 * several times slower than the target.
 */
export function calibratedCpuMultiplier(benchmarkIndex: number): number {
  const anchors: Array<[number, number]> = [
    [150, 1],
    [800, 2],
    [1300, 3],
  ];
  if (benchmarkIndex <= anchors[0]![0]) return 1;
  if (benchmarkIndex >= 1300) return Number((3 + (benchmarkIndex - 1300) / 233).toFixed(2));
  for (let i = 1; i < anchors.length; i += 1) {
    const [x1, y1] = anchors[i]!;
    const [x0, y0] = anchors[i - 1]!;
    if (benchmarkIndex <= x1)
      return Number((y0 + ((benchmarkIndex - x0) / (x1 - x0)) * (y1 - y0)).toFixed(2));
  }
  return 3;
}

type Scores = Record<Category, number>;
type RunResult = {
  scores: Scores;
  cpuMultiplier: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  benchmarkIndex: number;
  /** Audits that cost points in a category below the goal: what to fix. */
  losing: string[];
  warnings: string[];
};

export type LighthousePage = {
  name: string;
  path: string;
  visitor: Visitor;
  /** Median of the runs, 0-100. */
  scores: Scores;
  runs: Array<Scores & { cpuMultiplier: number }>;
  /** The run whose performance score is the median. */
  metrics: RunResult['metrics'];
  losing: string[];
  warnings: string[];
  /** Lighthouse's measure of this machine's CPU during the runs (median); 4× CPU throttling assumes ~1500+. */
  benchmarkIndex: number;
};

export type LighthouseFigure = {
  measuredAt: string;
  goal: number;
  runsPerPage: number;
  /** 'calibrated' (from each run's benchmarkIndex, see calibratedCpuMultiplier) or a fixed factor. */
  cpu: 'calibrated' | number;
  allMet: boolean;
  lighthouseVersion: string;
  chromium: string;
  benchmarkIndex: number;
  pages: LighthousePage[];
  method: string;
};

/**
 * Lighthouse (the npm package, in process) against the production build served by `vite preview`, with the
 * whole local stack behind it (DynamoDB Local, cognito-local, the backend), in Debian's Chromium launched by
 * chrome-launcher. Lighthouse's default config: mobile emulation (moto g power), simulated throttling (150 ms
 * RTT, 1.6 Mbps, 4× CPU). Signed-in pages use a session made by signing in through the app's own /login in
 * the same browser (Playwright over CDP) before Lighthouse runs; Lighthouse's storage reset clears caches
 * but keeps localStorage, where Amplify keeps the session, so every run is a cold load of a signed-in visit.
 */
export async function measureLighthouse(
  { runs, cpu }: { runs: number; cpu: 'calibrated' | number },
  log: (line: string) => void,
): Promise<LighthouseFigure> {
  assertJava();
  log('vite build (production)…');
  await buildFrontend(OUT_DIR);

  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'ringly-bench-lighthouse-'));
  const removeStateDir = () => rmSync(stateDir, { recursive: true, force: true });
  const unregisterStateDir = register({ stop: async () => removeStateDir(), killNow: removeStateDir });
  const ports: StackPorts = {
    dynamodb: await freePort(),
    cognito: await freePort(),
    backend: await freePort(),
    frontend: await freePort(),
  };
  log('starting DynamoDB Local, cognito-local, the backend and vite preview…');
  const starting = startLocalStack({
    ports,
    stateDir,
    persistent: false,
    frontend: 'preview',
    frontendDist: OUT_DIR,
    watch: false,
    echo: false,
    tableName: TABLE_NAME,
  });
  const stopStack = async () => (await starting.catch(() => undefined))?.stop();
  let services: Array<{ child: { pid?: number } }> = [];
  const unregisterStack = register({
    stop: stopStack,
    killNow: () => services.forEach((s) => killGroup(s.child.pid)),
  });
  try {
    const stack = await starting;
    services = stack.services;
    const demoStack: DemoStack = {
      cognitoUrl: stack.urls.cognito,
      apiUrl: stack.urls.api,
      appUrl: stack.urls.app,
      dynamoDbEndpoint: stack.urls.dynamodb,
      tableName: TABLE_NAME,
    };
    log('creating a new owner and an owner with a finished setup, 90 days of calls and a trial…');
    const owners = await prepareOwners(demoStack);

    rmSync(REPORTS_DIR, { recursive: true, force: true });
    mkdirSync(REPORTS_DIR, { recursive: true });
    const pages: LighthousePage[] = [];
    // Calibrated runs use the benchmarkIndex of the run before; an unmeasured first run gives the first one
    // (and warms the servers' JIT, as a deployed site would be warm).
    let lastBenchmarkIndex = await warmUp(stack.urls.app, log);
    let lighthouseVersion = '';
    let chromiumVersion = '';
    for (const page of PAGES) {
      const chrome = await launchChrome();
      try {
        const email = page.visitor === 'signed-out' ? undefined : owners[page.visitor];
        if (email) await signIn(chrome.port, stack.urls.app, email);
        const results: RunResult[] = [];
        for (let run = 0; run < runs; run += 1) {
          const multiplier = cpu === 'calibrated' ? calibratedCpuMultiplier(lastBenchmarkIndex) : cpu;
          const { lhr, trace } = await runLighthouse(
            chrome.port,
            `${stack.urls.app}${page.path}`,
            multiplier,
          );
          const report = path.join(REPORTS_DIR, `${page.name.replace(/\W+/g, '-')}-${run + 1}`);
          writeFileSync(`${report}.json`, JSON.stringify(lhr));
          // BENCH_LIGHTHOUSE_TRACES=1: the run's Chrome trace too (DevTools' Performance panel opens it).
          if (process.env.BENCH_LIGHTHOUSE_TRACES === '1')
            writeFileSync(`${report}.trace.json`, JSON.stringify(trace));
          lighthouseVersion = lhr.lighthouseVersion;
          chromiumVersion = lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '';
          lastBenchmarkIndex = lhr.environment.benchmarkIndex;
          results.push({ ...readRun(lhr), cpuMultiplier: multiplier });
          log(
            `${page.name} run ${run + 1}/${runs} (CPU ${multiplier}×, benchmarkIndex ${Math.round(lastBenchmarkIndex)}): ` +
              formatScores(results.at(-1)!.scores),
          );
        }
        pages.push(summarise(page, results));
      } finally {
        chrome.kill();
      }
    }
    return {
      measuredAt: new Date().toISOString(),
      goal: LIGHTHOUSE_GOAL,
      runsPerPage: runs,
      cpu,
      allMet: pages.every((p) => CATEGORIES.every((c) => p.scores[c] >= LIGHTHOUSE_GOAL)),
      lighthouseVersion,
      chromium: chromiumVersion,
      benchmarkIndex: Math.round(median(pages.map((p) => p.benchmarkIndex))),
      pages,
      method:
        `lighthouse (npm, default mobile config: simulated throttling, CPU ${cpu === 'calibrated' ? 'calibrated from benchmarkIndex' : `${cpu}x`}) driving Debian Chromium ` +
        '(chrome-launcher) against vite preview of the production build and the local stack; signed-in ' +
        `pages after signing in through /login; median of ${runs} runs per page`,
    };
  } finally {
    unregisterStack();
    await stopStack();
    unregisterStateDir();
    removeStateDir();
  }
}

async function launchChrome() {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  const unregister = register({ stop: async () => chrome.kill(), killNow: () => killGroup(chrome.pid) });
  return {
    port: chrome.port,
    kill: () => {
      unregister();
      chrome.kill();
    },
  };
}

async function runLighthouse(
  port: number,
  url: string,
  cpuSlowdownMultiplier: number,
): Promise<{ lhr: Lhr; trace: unknown }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Merged into Lighthouse's mobile defaults (simulated, 150 ms RTT, 1.6 Mbps): only the CPU factor changes.
    throttling: { cpuSlowdownMultiplier },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
  return { lhr: result.lhr, trace: result.artifacts.Trace };
}

async function warmUp(appUrl: string, log: (line: string) => void): Promise<number> {
  const chrome = await launchChrome();
  try {
    const { lhr } = await runLighthouse(chrome.port, `${appUrl}/`, 4);
    log(`warm-up run: benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`);
    return lhr.environment.benchmarkIndex;
  } finally {
    chrome.kill();
  }
}

async function prepareOwners(stack: DemoStack): Promise<Record<Exclude<Visitor, 'signed-out'>, string>> {
  const stamp = Date.now().toString(36);
  const newOwner = `lighthouse-new-${stamp}@example.com`;
  await ensureConfirmedOwner(stack, newOwner, PASSWORD);
  const complete = await seedDemoOwner(stack, {
    email: `lighthouse-complete-${stamp}@example.com`,
    password: PASSWORD,
    // A paying owner, as the dashboard normally sees them: the trial a checkout starts (the default).
    withHistory: true,
  });
  return { 'new-owner': newOwner, 'complete-owner': complete.email };
}

/** Signs in through the app's /login in the launched browser, leaving Amplify's session in its storage. */
async function signIn(port: number, appUrl: string, email: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.endsWith('.idToken')));
    await page.close();
  } finally {
    // Disconnects only: the browser and its default profile (with the session) stay for Lighthouse.
    await browser.close();
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function readRun(lhr: Lhr): Omit<RunResult, 'cpuMultiplier'> {
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Scores;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const losing = CATEGORIES.filter((c) => scores[c] < LIGHTHOUSE_GOAL).flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const audit = lhr.audits[ref.id]!;
        return `${c}: ${ref.id} ${Math.round((audit.score ?? 0) * 100)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`;
      }),
  );
  return {
    scores,
    metrics: {
      fcpMs: Math.round(numeric('first-contentful-paint')),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(numeric('speed-index')),
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
    losing,
    warnings: lhr.runWarnings.map(String),
  };
}

function summarise(page: (typeof PAGES)[number], results: RunResult[]): LighthousePage {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]))]),
  ) as Scores;
  const byPerformance = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
  return {
    ...page,
    scores,
    runs: results.map((r) => ({ ...r.scores, cpuMultiplier: r.cpuMultiplier })),
    metrics: middle.metrics,
    losing: [...new Set(results.flatMap((r) => r.losing))],
    warnings: [...new Set(results.flatMap((r) => r.warnings))],
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
  };
}

const formatScores = (s: Scores) => CATEGORIES.map((c) => `${c} ${s[c]}`).join(', ');

export function formatLighthouse(figure: LighthouseFigure): string {
  const mark = (value: number) => `${String(value).padStart(3)} ${value >= figure.goal ? '✓' : '✗'}`;
  const lines = [
    `Lighthouse  mobile, simulated throttling, CPU ${figure.cpu === 'calibrated' ? `calibrated (${[...new Set(figure.pages.flatMap((p) => p.runs.map((r) => r.cpuMultiplier)))].join('/')}×)` : `${figure.cpu}×`}, ` +
      `median of ${figure.runsPerPage} run(s) per page; goal ≥ ${figure.goal} each ` +
      `(Lighthouse ${figure.lighthouseVersion}, Chromium ${figure.chromium}, benchmarkIndex ${figure.benchmarkIndex})`,
    `page           path        performance  accessibility  best-practices   FCP ms   LCP ms  TBT ms    CLS`,
  ];
  for (const p of figure.pages) {
    lines.push(
      `${p.name.padEnd(14)} ${p.path.padEnd(11)} ${mark(p.scores.performance).padStart(11)}  ${mark(p.scores.accessibility).padStart(13)}  ${mark(p.scores['best-practices']).padStart(14)}  ` +
        `${String(p.metrics.fcpMs).padStart(7)}  ${String(p.metrics.lcpMs).padStart(7)} ${String(p.metrics.tbtMs).padStart(7)} ${String(p.metrics.cls).padStart(6)}`,
    );
  }
  for (const p of figure.pages.filter((page) => page.losing.length > 0)) {
    lines.push(`  ${p.name} below the goal because of: ${p.losing.join('; ')}`);
  }
  lines.push(figure.allMet ? 'All pages meet the goal.' : 'Goal NOT met on every page.');
  return lines.join('\n');
}
