import autocannon from 'autocannon';
import { percentile, round } from './stats';

/**
 * One autocannon run, with every 2xx response time kept (autocannon's own histogram rounds latencies to
 * whole milliseconds, too coarse to compare a sub-millisecond difference between two servers).
 */
export type LoadRun = {
  latenciesMs: number[];
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  statusCodes: Record<string, number>;
};

export type LoadTarget = { url: string; headers: Record<string, string> };

export function runLoad(
  target: LoadTarget,
  options: { connections: number; durationSeconds: number },
): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    const latenciesMs: number[] = [];
    const instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
        connections: options.connections,
        duration: options.durationSeconds,
      },
      (error, result) => {
        if (error) return reject(error);
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
        );
        resolve({
          latenciesMs,
          ok: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          durationSeconds: result.duration,
          statusCodes,
        });
      },
    );
    instance.on(
      'response',
      (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
        if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTimeMs);
      },
    );
  });
}

export type LoadSummary = {
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  measuredSeconds: number;
};

/** Pools several runs against one target (the interleaved rounds) into one set of figures. */
export function summarize(runs: LoadRun[]): LoadSummary {
  const latencies = Float64Array.from(runs.flatMap((r) => r.latenciesMs)).sort();
  const requests = runs.reduce((sum, r) => sum + r.ok, 0);
  const measuredSeconds = runs.reduce((sum, r) => sum + r.durationSeconds, 0);
  const total = latencies.reduce((sum, v) => sum + v, 0);
  return {
    p50Ms: round(percentile(latencies, 50), 3),
    p99Ms: round(percentile(latencies, 99), 3),
    meanMs: round(total / latencies.length, 3),
    // Completed 2xx responses per second of measured load.
    rps: round(requests / measuredSeconds, 1),
    requests,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    measuredSeconds: round(measuredSeconds, 2),
  };
}
