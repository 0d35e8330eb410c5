/**
 * The slice of autocannon's programmatic API the bench uses. autocannon ships no types and adding
 * @types/autocannon would touch package.json; these mirror autocannon@8 (lib/run.js, lib/aggregateResult.js).
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    timeout?: number;
    pipelining?: number;
    workers?: number;
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
  } & Record<string, number>;

  export type Result = {
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { total: number; sent: number };
    throughput: Histogram & { total: number };
  };

  /** Emits `response` (client, statusCode, resBytes, responseTimeMs) for every response. */
  export type Instance = EventEmitter;

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
