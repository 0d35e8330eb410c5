/**
 * `npm test`: typecheck, lint and format check, unit + integration tests (vitest, against a real DynamoDB
 * Local and cognito-local started on free ports), then the end-to-end tests (Playwright driving Debian's
 * Chromium against the whole product). E2E is never skipped: without Chromium the run installs it or fails.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { assertJava } from './local-stack/dynamodb-local';
import { REPO_ROOT } from './local-stack/local-stack';
import { CHROMIUM_PATH } from '../tests/support/chromium';

const bin = (name: string) => path.join(REPO_ROOT, 'node_modules', '.bin', name);
const reports = path.join(REPO_ROOT, '.local', 'test-reports');

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`Chromium is missing at ${CHROMIUM_PATH}; installing Debian's chromium package…`);
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const run = (args: string[]) =>
    spawnSync(sudo[0] ?? args[0]!, [...sudo.slice(1), ...(sudo.length ? args : args.slice(1))], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (
    !run(['apt-get', 'update', '-qq']) ||
    !run(['apt-get', 'install', '-y', '-qq', 'chromium']) ||
    !existsSync(CHROMIUM_PATH)
  ) {
    console.error(
      `\nThe end-to-end tests need Debian's Chromium at ${CHROMIUM_PATH} and it could not be installed automatically.\n` +
        'Install it with `sudo apt-get install -y chromium`, then run `npm test` again.',
    );
    process.exit(1);
  }
}

/** The folders and config the boundary check cruises: the same as `npm run lint:boundaries`. */
const BOUNDARY_ARGS = [
  'backend/src',
  'frontend/src',
  'shared',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
];

function step(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `━━ ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

type Counts = { passed: number; failed: number; skipped: number };
function vitestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}
function playwrightCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

assertJava();
ensureChromium();
rmSync(reports, { recursive: true, force: true });
execFileSync('mkdir', ['-p', reports]);

step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('eslint'), ['.', '--max-warnings=0']);
step('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
// Import boundaries and cycles (.dependency-cruiser.cjs, docs/decisions/171-backend-by-capability.md).
step('import boundaries', bin('depcruise'), BOUNDARY_ARGS);
step('unit + integration (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, 'vitest.json')}`,
]);
step('end-to-end (playwright + chromium)', bin('playwright'), ['test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
});

const unit = vitestCounts(path.join(reports, 'vitest.json'));
const e2e = playwrightCounts(path.join(reports, 'playwright.json'));
if (e2e.passed === 0) {
  console.error('No end-to-end test ran: that is a failure, not a pass.');
  process.exit(1);
}
console.log(`\nvitest ${unit.passed} passed; playwright ${e2e.passed} passed`);
console.log(
  `${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed, ${unit.skipped + e2e.skipped} skipped`,
);
