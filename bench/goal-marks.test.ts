import { describe, expect, it } from 'vitest';
import { formatLambda, formatLanding } from './report';
import { LAMBDA_GOALS, type LambdaBundleFigure, type LambdaRow } from './stages/lambda-bundle';
import { LANDING_JS_GOAL_GZIP_KB, type LandingJsFigure } from './stages/landing-js';
import { formatReadScale } from './stages/read-scale';
import { formatReceptionistEngine } from './stages/receptionist-engine';
import { formatGreeting, formatVoiceTurn, VOICE_GOALS } from './stages/voice-call';

// Issue 41: `npm run bench` prints each goal with ✓ or ✗, those it keeps from regressing included.

const lambdaRow = (lambda: string, initKb: number): LambdaRow => ({
  lambda,
  entry: `${lambda}.ts`,
  initKb,
  initGzipKb: initKb / 3,
  totalKb: initKb * 5,
  sourceMapKb: initKb * 6,
  coldInitMedianMs: 180,
  coldInitMinMs: 170,
  coldInitMaxMs: 190,
});

const lambdaFigure = (apiInitKb: number): LambdaBundleFigure => ({
  measuredAt: '2026-11-30T00:00:00.000Z',
  functions: [lambdaRow('api', apiInitKb), lambdaRow('telephony', 340)],
  baseline: lambdaRow('baseline', 8),
  coldInitRatio: 2.2,
  goals: LAMBDA_GOALS,
  samples: 10,
  apiWithNodeSourceMapsMedianMs: 190,
  nodeOptions: '',
  note: '',
});

const landingFigure = (jsGzipKb: number): LandingJsFigure => ({
  measuredAt: '2026-11-30T00:00:00.000Z',
  route: '/',
  jsGzipKb,
  jsRawKb: jsGzipKb * 3,
  cssGzipKb: 6,
  files: [],
  method: '',
});

const percentiles = (p50: number) => ({ p50, p99: p50 * 2, max: p50 * 3 });

describe('the goals kept from regressing', () => {
  it("marks the API's code loaded at init, and prints issue 16's cold-init ratio for reading only", () => {
    expect(formatLambda(lambdaFigure(996.5))).toMatch(
      /API code loaded at init\s+996\.5 KB\s+goal ≤ 1024 KB ✓/,
    );
    expect(formatLambda(lambdaFigure(1030))).toMatch(/goal ≤ 1024 KB ✗/);
    expect(formatLambda(lambdaFigure(996.5))).toMatch(
      /API cold init ÷ bare handler\s+2\.20\s+issue 16's ≤ 1\.5, not judged: issue 41 judges the first ring$/m,
    );
  });

  it("marks the landing page's JavaScript against its gzip budget", () => {
    expect(formatLanding(landingFigure(96.63))).toContain(`goal ≤ ${LANDING_JS_GOAL_GZIP_KB} KB gzip ✓`);
    expect(formatLanding(landingFigure(100.01))).toContain(`goal ≤ ${LANDING_JS_GOAL_GZIP_KB} KB gzip ✗`);
  });

  it("marks the call's greeting and first token", () => {
    const greeting = (p50: number) =>
      formatGreeting({
        measuredAt: '',
        request: '',
        calls: 50,
        twimlMs: percentiles(p50),
        afterHoursTwimlMs: percentiles(12),
        method: '',
      });
    expect(greeting(VOICE_GOALS.greetingP50Ms)).toMatch(/webhook → TwiML.*p50 ≤ 30 ms ✓/);
    expect(greeting(31)).toMatch(/webhook → TwiML.*p50 ≤ 30 ms ✗/);
    const turn = (p50: number) =>
      formatVoiceTurn({
        measuredAt: '',
        request: '',
        calls: 50,
        prompts: 100,
        firstTokenMs: percentiles(p50),
        lastTokenMs: percentiles(p50 * 4),
        method: '',
      });
    expect(turn(11)).toMatch(/first token.*p50 ≤ 100 ms ✓/);
    expect(turn(101)).toMatch(/first token.*p50 ≤ 100 ms ✗/);
  });

  it("judges a scale ratio's p50 against its goal", () => {
    const table = (p50: number) =>
      formatReadScale(
        'call_log_page',
        [
          ['20 conversations', { p50: 8, p99: 40 }],
          ['20000 conversations', { p50: 8 * p50, p99: 90 }],
        ],
        { ratio: { p50, p99: 2.25 }, goalRatio: 1.2 },
      );
    expect(table(1.04)).toMatch(/^ratio\s+1\.04\s+2\.25\s+p50 ≤ 1\.2 ✓$/m);
    expect(table(1.21)).toMatch(/^ratio\s+1\.21\s+2\.25\s+p50 ≤ 1\.2 ✗$/m);
  });

  it("marks the engine's own time per turn", () => {
    const engine = (p50: number) =>
      formatReceptionistEngine({
        measuredAt: '',
        turns: 200,
        overheadMs: percentiles(p50),
        goalP50Ms: 20,
        method: '',
      });
    expect(engine(3)).toMatch(/≤ 20 ms ✓/);
    expect(engine(21)).toMatch(/≤ 20 ms ✗/);
  });
});
