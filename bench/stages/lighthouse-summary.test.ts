import { describe, expect, it } from 'vitest';
import {
  calibratedCpuMultiplier,
  formatLighthouse,
  pageMeetsGoals,
  readRun,
  summarise,
  type Lhr,
  type LighthouseFigure,
  type RunResult,
} from './lighthouse-summary';

describe('calibratedCpuMultiplier (the Lighthouse CPU-throttling calculator)', () => {
  it('maps its anchors and interpolates between them', () => {
    expect(calibratedCpuMultiplier(100)).toBe(1);
    expect(calibratedCpuMultiplier(150)).toBe(1);
    expect(calibratedCpuMultiplier(475)).toBe(1.5);
    expect(calibratedCpuMultiplier(800)).toBe(2);
    expect(calibratedCpuMultiplier(1050)).toBe(2.5);
    expect(calibratedCpuMultiplier(1300)).toBe(3);
  });

  it('adds 1× per 233 above 1300 (1533 is the default 4×)', () => {
    expect(calibratedCpuMultiplier(1533)).toBe(4);
    expect(calibratedCpuMultiplier(1766)).toBe(5);
    expect(calibratedCpuMultiplier(2645)).toBe(8.77);
  });
});

/** A report as Lighthouse shapes it, with only what readRun reads. */
function report(options: { performance: number; accessibility?: number; lcpMs?: number }): Lhr {
  return {
    categories: {
      performance: {
        score: options.performance / 100,
        auditRefs: [
          { id: 'largest-contentful-paint', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
          { id: 'cumulative-layout-shift', weight: 25 },
          { id: 'unused-javascript', weight: 0 },
        ],
      },
      accessibility: {
        score: (options.accessibility ?? 100) / 100,
        auditRefs: [{ id: 'color-contrast', weight: 7 }],
      },
      'best-practices': { score: 1, auditRefs: [] },
    },
    audits: {
      'first-contentful-paint': { numericValue: 1974.4 },
      'largest-contentful-paint': {
        score: 0.7,
        numericValue: options.lcpMs ?? 3308.2,
        displayValue: `${((options.lcpMs ?? 3308) / 1000).toFixed(1)} s`,
      },
      'total-blocking-time': { score: 0.6, numericValue: 393.4, displayValue: '390 ms' },
      'cumulative-layout-shift': { score: 1, numericValue: 0.00012 },
      'speed-index': { numericValue: 1974.6 },
      'unused-javascript': { score: 0 },
      'color-contrast': { score: options.accessibility === undefined ? 1 : 0 },
    },
    environment: { benchmarkIndex: 2645 },
    runWarnings: [],
  } as unknown as Lhr;
}

const run = (lhr: Lhr, cpuMultiplier = 8.8): RunResult => ({ ...readRun(lhr), cpuMultiplier });
const page = { name: 'plans', path: '/plans', visitor: 'new-owner' as const };

describe('readRun', () => {
  it('reads the scores in percent and the metrics rounded', () => {
    const result = readRun(report({ performance: 81 }));
    expect(result.scores).toEqual({ performance: 81, accessibility: 100, 'best-practices': 100 });
    expect(result.metrics).toEqual({ fcpMs: 1974, lcpMs: 3308, tbtMs: 393, cls: 0, speedIndexMs: 1975 });
    expect(result.benchmarkIndex).toBe(2645);
  });

  it('lists the weighted audits that lost points, only in categories below the goal', () => {
    expect(readRun(report({ performance: 81 })).losing).toEqual([
      'performance: largest-contentful-paint 70 (3.3 s)',
      'performance: total-blocking-time 60 (390 ms)',
    ]);
    expect(readRun(report({ performance: 97 })).losing).toEqual([]);
  });
});

describe('summarise', () => {
  it('takes the median score per category and the median performance run for metrics and audits', () => {
    const summary = summarise(page, [
      run(report({ performance: 79, lcpMs: 3400 })),
      run(report({ performance: 85, lcpMs: 3100 })),
      run(report({ performance: 81, lcpMs: 3300 })),
    ]);
    expect(summary.scores.performance).toBe(81);
    expect(summary.metrics.lcpMs).toBe(3300);
    expect(summary.losing).toEqual([
      'performance: largest-contentful-paint 70 (3.3 s)',
      'performance: total-blocking-time 60 (390 ms)',
    ]);
    expect(summary.runs.map((r) => r.performance)).toEqual([79, 85, 81]);
  });

  it("takes the median of the runs' LCP, whichever run has the median score", () => {
    const summary = summarise(page, [
      run(report({ performance: 96, lcpMs: 2400 })),
      run(report({ performance: 90, lcpMs: 2700 })),
      run(report({ performance: 97, lcpMs: 2300 })),
      run(report({ performance: 95, lcpMs: 2450 })),
      run(report({ performance: 80, lcpMs: 3900 })),
    ]);
    expect(summary.scores.performance).toBe(95);
    expect(summary.lcpMs).toBe(2450);
    expect(summary.runs.map((r) => r.lcpMs)).toEqual([2400, 2700, 2300, 2450, 3900]);
  });

  it('explains each category by its own median run and leaves out categories that meet the goal', () => {
    const summary = summarise(page, [
      run(report({ performance: 96, accessibility: 90 })),
      run(report({ performance: 97, accessibility: 91 })),
      run(report({ performance: 80 })),
    ]);
    expect(summary.scores).toEqual({ performance: 96, accessibility: 91, 'best-practices': 100 });
    expect(summary.losing).toEqual(['accessibility: color-contrast 0']);
  });
});

it('formatLighthouse marks each score against the goal and says why a page is below it', () => {
  const plans = summarise(page, [run(report({ performance: 81 }))]);
  const landing = summarise({ name: 'landing', path: '/', visitor: 'signed-out' }, [
    run(report({ performance: 97 })),
  ]);
  const figure: LighthouseFigure = {
    measuredAt: '2026-11-26T00:00:00.000Z',
    goal: 95,
    lcpGoalMs: 2500,
    runsPerPage: 1,
    cpu: 'calibrated',
    allMet: false,
    lighthouseVersion: '13.5.0',
    chromium: '156.0.0.0',
    benchmarkIndex: 2645,
    pages: [landing, plans],
    method: 'test',
  };
  const text = formatLighthouse(figure);
  expect(text).toContain('CPU calibrated (8.8×)');
  expect(text).toMatch(/^landing\s+\/\s+97 ✓\s+100 ✓\s+100 ✓/m);
  expect(text).toMatch(/^plans\s+\/plans\s+81 ✗/m);
  expect(text).toContain(
    'plans below the goal because of: performance: largest-contentful-paint 70 (3.3 s);',
  );
  expect(text).not.toContain('landing below the goal');
  expect(text).toContain('Goal NOT met on every page.');
});

it('formatLighthouse marks the median LCP against its goal, and a page meets its goals only with both', () => {
  const fast = summarise(page, [run(report({ performance: 97, lcpMs: 2500 }))]);
  const slow = summarise({ name: 'dashboard', path: '/dashboard', visitor: 'complete-owner' }, [
    run(report({ performance: 96, lcpMs: 2510 }), 3.02),
  ]);
  const text = formatLighthouse({
    measuredAt: '2026-11-29T00:00:00.000Z',
    goal: 95,
    lcpGoalMs: 2500,
    runsPerPage: 1,
    cpu: 'calibrated',
    allMet: false,
    lighthouseVersion: '13.5.0',
    chromium: '156.0.0.0',
    benchmarkIndex: 2645,
    pages: [fast, slow],
    method: 'test',
  });
  expect(text).toContain('CPU calibrated (3.02-8.8×)');
  expect(text).toContain('LCP: median of the runs, goal ≤ 2500 ms');
  expect(text).toMatch(/^plans\s+\/plans\s+97 ✓\s+100 ✓\s+100 ✓\s+2500 ✓/m);
  expect(text).toMatch(/^dashboard\s+\/dashboard\s+96 ✓\s+100 ✓\s+100 ✓\s+2510 ✗/m);
  expect(pageMeetsGoals(fast)).toBe(true);
  expect(pageMeetsGoals(slow)).toBe(false);
  expect(pageMeetsGoals({ ...fast, scores: { ...fast.scores, performance: 94 } })).toBe(false);
});

it('formatLighthouse names the pages a partial run left out', () => {
  const landing = summarise({ name: 'landing', path: '/', visitor: 'signed-out' }, [
    run(report({ performance: 97 })),
  ]);
  const text = formatLighthouse({
    measuredAt: '2026-11-26T00:00:00.000Z',
    goal: 95,
    lcpGoalMs: 2500,
    runsPerPage: 1,
    cpu: 4,
    allMet: true,
    pagesLeftOut: ['plans', 'dashboard'],
    lighthouseVersion: '13.5.0',
    chromium: '156.0.0.0',
    benchmarkIndex: 2645,
    pages: [landing],
    method: 'test',
  });
  expect(text).toContain('All measured pages meet the goal. (not measured: plans, dashboard)');
});
