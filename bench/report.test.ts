import { describe, expect, it } from 'vitest';
import { formatApi } from './report';
import {
  apiAppSlotFrom,
  apiGoalFor,
  apiHeapFrom,
  serverNodeFrom,
  serverNodeOptions,
  type ApiGetConfigFigure,
  type ApiHeap,
} from './stages/api-get-config';

const summary = (rps: number, p99Ms: number, p50Ms = 30) => ({
  p50Ms,
  p99Ms,
  meanMs: 31,
  rps,
  requests: rps * 10,
  non2xx: 0,
  errors: 0,
  measuredSeconds: 10,
});

function figure(
  connections: number,
  appRps: number,
  appP99: number,
  appP50 = 30,
  heap: ApiHeap = 'lambda',
): ApiGetConfigFigure {
  const goals = apiGoalFor(connections);
  return {
    measuredAt: '2026-11-26T00:00:00.000Z',
    request: 'GET /config',
    settings: {
      connections,
      durationSeconds: 10,
      rounds: 2,
      warmupSeconds: 5,
      order: ['baseline', 'app'],
      heap,
      nodeOptions: serverNodeOptions(heap, 'api'),
    },
    baseline: summary(1000, 50),
    app: summary(appRps, appP99, appP50),
    ratios: { p50: appP50 / 30, p99: appP99 / 50, rps: appRps / 1000 },
    runs: [],
    ...(goals ? { goals } : {}),
  };
}

describe('formatApi', () => {
  it('marks the throughput goal met or missed at 50 connections', () => {
    expect(formatApi(figure(50, 860, 54))).toContain('goal at 50 connections: req/s ratio ≥ 0.85 ✓');
    expect(formatApi(figure(50, 840, 54))).toContain('goal at 50 connections: req/s ratio ≥ 0.85 ✗');
  });

  it('marks the median latency goal met or missed at one connection', () => {
    expect(formatApi(figure(1, 700, 60, 36))).toContain('goal at 1 connection: p50 ratio ≤ 1.20 ✓');
    expect(formatApi(figure(1, 700, 60, 37))).toContain('goal at 1 connection: p50 ratio ≤ 1.20 ✗');
  });

  it('judges no goal in a run under the CPU profiler, which narrows the gap', () => {
    const profiled = figure(50, 860, 54);
    profiled.settings.profiled = true;
    const text = formatApi(profiled);
    expect(text).toContain('goal at 50 connections: not judged: both servers ran under the CPU profiler');
    expect(text).not.toMatch(/[✓✗]/);
  });

  it("names the Hono floor in the app's row and judges no goal when it ran in the app's place", () => {
    const floor = figure(50, 990, 50);
    floor.settings.appSlot = 'hono-floor';
    const text = formatApi(floor);
    expect(text).toContain('Hono floor (Hono, JWT + GetItem)');
    expect(text).not.toContain('app (Hono + JWT auth)');
    expect(text).toMatch(/^floor \/ baseline/m);
    expect(text).toContain('goal at 50 connections: not judged: the Hono floor ran in the app’s place');
    expect(text).not.toMatch(/[✓✗]/);
    expect(formatApi(figure(50, 990, 50))).toContain('app (Hono + JWT auth)');
  });

  it('prints no goal for a run at another connection count', () => {
    expect(formatApi(figure(10, 700, 60))).not.toContain('goal');
  });

  it('says which heap flags each server ran with', () => {
    const lambda = '--max-semi-space-size=51 --max-old-space-size=922';
    expect(formatApi(figure(50, 860, 54))).toContain(`heap: ${lambda} (both)`);
    expect(formatApi(figure(50, 860, 54, 30, 'app-only'))).toContain(
      `heap: app ${lambda}, baseline Node’s defaults`,
    );
    expect(formatApi(figure(50, 860, 54, 30, 'node'))).toContain('heap: Node’s defaults (both)');
  });
});

describe('BENCH_API_HEAP', () => {
  it('defaults to the deployed heap for both servers and refuses an unknown choice', () => {
    expect(apiHeapFrom(undefined)).toBe('lambda');
    expect(apiHeapFrom('')).toBe('lambda');
    expect(apiHeapFrom('app-only')).toBe('app-only');
    expect(() => apiHeapFrom('lambada')).toThrow(/BENCH_API_HEAP must be one of lambda, app-only, node/);
  });

  it("gives the telephony surface the telephony function's heap", () => {
    expect(serverNodeOptions('lambda', 'telephony')).toEqual({
      app: '--max-semi-space-size=88 --max-old-space-size=1593',
      baseline: '--max-semi-space-size=88 --max-old-space-size=1593',
    });
  });
});

describe('BENCH_API_APP_SLOT', () => {
  it('runs the app by default and refuses an unknown choice', () => {
    expect(apiAppSlotFrom(undefined)).toBe('app');
    expect(apiAppSlotFrom('')).toBe('app');
    expect(apiAppSlotFrom('hono-floor')).toBe('hono-floor');
    expect(() => apiAppSlotFrom('floor')).toThrow(
      /BENCH_API_APP_SLOT must be one of app, hono-floor, not floor/,
    );
  });
});

describe('BENCH_SERVER_NODE', () => {
  it("runs the servers on the machine's node unless given a binary, and says which against Lambda's", () => {
    const machine = serverNodeFrom(undefined);
    expect(machine).toEqual({ binary: undefined, version: process.version, deployedMajor: 24 });
    // This very node as if given by path: its version is asked of the binary.
    expect(serverNodeFrom(process.execPath).version).toBe(process.version);
    expect(() => serverNodeFrom('/nowhere/node')).toThrow(/no node binary at \/nowhere\/node/);

    const text = (node: ApiGetConfigFigure['settings']['node']) =>
      formatApi({ ...figure(50, 860, 54), settings: { ...figure(50, 860, 54).settings, node } });
    expect(text({ binary: undefined, version: 'v20.20.2', deployedMajor: 24 })).toContain(
      'node: v20.20.2 (both servers; the machine’s; Lambda runs nodejs24.x: BENCH_SERVER_NODE=<node 24 binary> measures on it)',
    );
    expect(text({ binary: '/opt/node24/bin/node', version: 'v24.22.3', deployedMajor: 24 })).toContain(
      'node: v24.22.3 (both servers; BENCH_SERVER_NODE /opt/node24/bin/node: the major of Lambda’s nodejs24.x)',
    );
    expect(text(undefined)).not.toContain('     node: ');
  });
});
