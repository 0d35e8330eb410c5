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
import {
  calibratedCpuMultiplier,
  CATEGORIES,
  formatScores,
  LIGHTHOUSE_GOAL,
  LIGHTHOUSE_LCP_GOAL_MS,
  pageMeetsGoals,
  readRun,
  summarise,
  type Lhr,
  type LighthouseFigure,
  type LighthousePage,
  type RunResult,
  type Visitor,
} from './lighthouse-summary';
import { buildFrontend } from './landing-js';

const OUT_DIR = path.join(REPO_ROOT, '.local', 'bench', 'lighthouse-web');
/** Every run's full report (JSON), to see what a score lost points on. */
const REPORTS_DIR = path.join(REPO_ROOT, '.local', 'bench', 'lighthouse-reports');
const TABLE_NAME = 'receptionist-bench-lighthouse';
const PASSWORD = 'bench-lighthouse-9';

type LighthouseTarget = { name: string; path: string; visitor: Visitor };

export const LIGHTHOUSE_PAGES: readonly LighthouseTarget[] = [
  { name: 'landing', path: '/', visitor: 'signed-out' },
  { name: 'plans', path: '/plans', visitor: 'new-owner' },
  { name: 'setup step 1', path: '/setup', visitor: 'new-owner' },
  { name: 'dashboard', path: '/dashboard', visitor: 'complete-owner' },
];

/** BENCH_LIGHTHOUSE_PAGES: the pages so named, in the usual order; an unknown name fails before anything runs. */
export function lighthousePagesNamed(names: string[]): LighthouseTarget[] {
  const unknown = names.filter((name) => !LIGHTHOUSE_PAGES.some((page) => page.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_LIGHTHOUSE_PAGES: no page named ${unknown.join(', ')} (pages: ${LIGHTHOUSE_PAGES.map((p) => p.name).join(', ')})`,
    );
  return LIGHTHOUSE_PAGES.filter((page) => names.includes(page.name));
}

/**
 * Lighthouse (the npm package, in process) against the production build served by `vite preview`, with the
 * whole local stack behind it (DynamoDB Local, cognito-local, the backend), in Debian's Chromium launched by
 * chrome-launcher. Lighthouse's default config: mobile emulation (moto g power), simulated throttling (150 ms
 * RTT, 1.6 Mbps, 4× CPU). Signed-in pages use a session made by signing in through the app's own /login in
 * the same browser (Playwright over CDP) and opening the page once before Lighthouse runs; Lighthouse's storage reset clears caches
 * but keeps localStorage, where Amplify keeps the session, so every run is a cold load of a signed-in visit.
 */
export async function measureLighthouse(
  {
    runs,
    cpu,
    pages: targets = LIGHTHOUSE_PAGES,
  }: { runs: number; cpu: 'calibrated' | number; pages?: readonly LighthouseTarget[] },
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
    for (const page of targets) {
      const chrome = await launchChrome();
      try {
        const email = page.visitor === 'signed-out' ? undefined : owners[page.visitor];
        if (email) await signIn(chrome.port, stack.urls.app, email, page.path);
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
      lcpGoalMs: LIGHTHOUSE_LCP_GOAL_MS,
      runsPerPage: runs,
      cpu,
      allMet: pages.every(pageMeetsGoals),
      ...(targets.length < LIGHTHOUSE_PAGES.length
        ? { pagesLeftOut: LIGHTHOUSE_PAGES.filter((p) => !targets.includes(p)).map((p) => p.name) }
        : {}),
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
    ...(process.env.BENCH_LIGHTHOUSE_JS_SAMPLES === '1'
      ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
      : {}),
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

/**
 * Signs in through the app's /login in the launched browser, leaving Amplify's session in its storage, then
 * opens the page to measure once, as the owner who comes back to it has (what it keeps in storage, such as
 * the dashboard's remembered heading, docs/decisions/188, stays for Lighthouse's runs).
 */
async function signIn(port: number, appUrl: string, email: string, pagePath: string) {
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
    await page.goto(`${appUrl}${pagePath}`);
    await page.waitForLoadState('networkidle');
    await page.close();
  } finally {
    // Disconnects only: the browser and its default profile (with the session) stay for Lighthouse.
    await browser.close();
  }
}
