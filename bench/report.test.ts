import { describe, expect, it } from 'vitest';
import { formatApi } from './report';
import { API_GOALS, type ApiGetConfigFigure } from './stages/api-get-config';

const summary = (rps: number, p99Ms: number) => ({
  p50Ms: 30,
  p99Ms,
  meanMs: 31,
  rps,
  requests: rps * 10,
  non2xx: 0,
  errors: 0,
  measuredSeconds: 10,
});

function figure(connections: number, appRps: number, appP99: number): ApiGetConfigFigure {
  return {
    measuredAt: '2026-11-26T00:00:00.000Z',
    request: 'GET /config',
    settings: { connections, durationSeconds: 10, rounds: 2, warmupSeconds: 5, order: ['baseline', 'app'] },
    baseline: summary(1000, 50),
    app: summary(appRps, appP99),
    ratios: { p50: 1, p99: appP99 / 50, rps: appRps / 1000 },
    runs: [],
    ...(connections === API_GOALS.connections ? { goals: API_GOALS } : {}),
  };
}

describe('formatApi', () => {
  it('marks each goal met or missed at 50 connections', () => {
    expect(formatApi(figure(50, 950, 54))).toContain('req/s ratio ≥ 0.9 ✓, p99 ratio ≤ 1.10 ✓');
    expect(formatApi(figure(50, 600, 80))).toContain('req/s ratio ≥ 0.9 ✗, p99 ratio ≤ 1.10 ✗');
  });

  it('prints no goal for a run at another connection count', () => {
    expect(formatApi(figure(1, 700, 60))).not.toContain('goal');
  });
});
