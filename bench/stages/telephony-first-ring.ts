import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TWILIO_WEBHOOK_PATHS, telephonyWebhookUrls } from '../../backend/src/providers/telephony/port';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { REPO_ROOT } from '../../scripts/local-stack/local-stack';
import { runCommand } from '../children';
import { formatTable, goalMark } from '../report';
import { median, round } from '../stats';
import { seedAnsweringOwner } from './assistant-line-stack';
import { serverNodeFrom } from './api-get-config';
import { BASELINE_ENTRY, bundleSizes } from './lambda-bundle';
import { withBenchTables } from './read-scale';
import { warmDynamoDbLocal } from '../dynamodb-warm-up';

const OUT_DIR = path.join(REPO_ROOT, '.local', 'bench', 'first-ring');
const TABLE = 'bench-first-ring';
const OWNER = 'bench-first-ring-owner';
/** The public base Twilio signs against (PUBLIC_API_URL): never contacted. */
const PUBLIC_API_URL = 'https://api.first-ring.bench.invalid';
const TWILIO_ACCOUNT_SID = `AC${'0'.repeat(31)}1`;
const TWILIO_AUTH_TOKEN = 'bench-first-ring-auth-token';
/** Issue 41 §2: the caller's first ring on a cold function ÷ the bare handler's init plus one GetItem. */
export const FIRST_RING_GOAL = { ratio: 1.5 } as const;

type Side = {
  /** Module import: what Lambda's init phase runs. */
  initMs: number;
  /** The first invocation, from the handler's call to its answer. */
  firstResponseMs: number;
  totalMs: number;
  /** CPU time of the whole process over both (every thread): less disturbed by a busy machine. */
  cpuMs: number;
  /** The same kind of request again on the warm instance (a second call): what is not cold start. */
  warmResponseMs: number;
};
type SideSummary = { [K in keyof Side]: number } & { minTotalMs: number; maxTotalMs: number };

export type TelephonyFirstRingFigure = {
  measuredAt: string;
  samples: number;
  telephony: SideSummary & { initKb: number; totalKb: number };
  baseline: SideSummary;
  /** Median of telephony's init + first TwiML ÷ median of the baseline's init + one GetItem. */
  ratio: number;
  /** The same ratio of the medians of CPU time. */
  cpuRatio: number;
  goal: typeof FIRST_RING_GOAL;
  /** The node both sides ran on: its version, and "BENCH_SERVER_NODE" when it is not the machine's. */
  node?: string;
  /**
   * Rounds of warm-up calls DynamoDB Local was given before the first process (dynamodb-warm-up.ts); 0 or
   * absent (figures before session 45): only one first ring and one bare read before measuring.
   */
  dynamoDbWarmUpCalls?: number;
  method: string;
};

/**
 * The probe each fresh process runs: import the bundle (init), invoke it once with the event, check the
 * answer, print the times. The event and the check come from the parent in the environment.
 */
const PROBE = `
const cpu = process.cpuUsage();
// Monotonic microseconds, the clock of a --cpu-prof profile's timestamps: to split a profile by phase.
const us = () => Number(process.hrtime.bigint() / 1000n);
const marksUs = [us()];
const started = performance.now();
const mod = await import(process.env.BENCH_BUNDLE_URL);
const imported = performance.now();
marksUs.push(us());
const response = await mod.handler(JSON.parse(process.env.BENCH_EVENT), { awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 });
const answered = performance.now();
marksUs.push(us());
const { user, system } = process.cpuUsage(cpu);
// For comparison, not in the figure: the same request on the now-warm instance.
const again = JSON.parse(process.env.BENCH_EVENT_AGAIN ?? 'null');
const warmStarted = performance.now();
if (again) await mod.handler(again, { awsRequestId: 'bench-again', getRemainingTimeInMillis: () => 10000 });
const warmMs = performance.now() - warmStarted;
const body = response?.body ?? '';
if (response?.statusCode !== 200 || !body.includes(process.env.BENCH_EXPECT)) {
  console.error('unexpected answer', response?.statusCode, body.slice(0, 500));
  process.exit(3);
}
console.log(JSON.stringify({
  initMs: imported - started, firstResponseMs: answered - imported, totalMs: answered - started,
  cpuMs: (user + system) / 1000, warmResponseMs: again ? warmMs : 0, marksUs, pid: process.pid,
}));
process.exit(0);
`;

/**
 * `telephony_first_ring`: what a caller waits for when their call reaches a cold telephony function, the
 * function's init (its bundle imported in a fresh node process) plus the voice webhook's first answer (a
 * signed Twilio POST as an API Gateway v2 event, through the real handler, against DynamoDB Local) until the
 * ConversationRelay TwiML is back. Against the floor any function pays: the bare handler's init
 * (servers/baseline-lambda.ts) plus its one GetItem against the same DynamoDB Local. Both bundled with the
 * stack's esbuild options; fresh processes interleaved round by round, in alternating order.
 */
export async function measureTelephonyFirstRing(
  options: { samples: number; dynamoDbWarmUpCalls: number },
  log: (line: string) => void,
): Promise<TelephonyFirstRingFigure> {
  // Loaded here, not at the top: it pulls in aws-cdk-lib, which the other stages do not need.
  const { bundleEntry, bundleLambda } = await import('../../infra/lib/lambda-bundling');
  rmSync(OUT_DIR, { recursive: true, force: true });
  log('bundling the telephony function and the bare handler with the stack’s esbuild options…');
  const telephonyDir = path.join(OUT_DIR, 'telephony');
  const baselineDir = path.join(OUT_DIR, 'baseline');
  const telephonyMeta = await bundleLambda('telephony', telephonyDir);
  await bundleEntry(BASELINE_ENTRY, baselineDir);

  return withBenchTables([TABLE], async ({ doc }, endpoint) => {
    log('an owner whose assistant answers a number…');
    const assistantNumber = await seedAnsweringOwner(doc, TABLE, OWNER);
    const env = {
      // No NODE_OPTIONS, as deployed (backend-function.ts): the bundles map their own stacks.
      PATH: process.env.PATH,
      APP_ENV: 'test',
      AWS_REGION: 'us-east-1',
      TABLE_NAME: TABLE,
      DYNAMODB_ENDPOINT: endpoint,
      PUBLIC_API_URL,
      COGNITO_USER_POOL_ID: 'local_bench',
      COGNITO_CLIENT_ID: 'bench-client',
      COGNITO_ISSUER: 'http://127.0.0.1:9/local_bench',
      COGNITO_JWKS_URL: 'http://127.0.0.1:9/local_bench/.well-known/jwks.json',
      // As in AWS: no local providers, the vendors' keys present (never contacted before the TwiML).
      LOCAL_PROVIDERS: 'false',
      TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN,
      OPENAI_API_KEY: 'sk-bench-first-ring-never-sent',
      STRIPE_SECRET_KEY: 'sk_test_bench_first_ring_never_sent',
      // The SDK warns about Node < 22 on stderr when a client is created; nodejs24.x never does.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    // BENCH_SERVER_NODE: both sides' processes on another node (Lambda's major, say); the machine's by default.
    const node = serverNodeFrom(process.env.BENCH_SERVER_NODE);
    const nodeBinary = node.binary ?? process.execPath;
    // BENCH_FIRST_RING_NODE_ARGS: flags for the telephony process alone, e.g. `--cpu-prof --cpu-prof-dir=…`.
    const nodeArgs = (process.env.BENCH_FIRST_RING_NODE_ARGS ?? '').split(' ').filter(Boolean);
    let call = 0;
    const ring = async () => {
      const side = await probe(
        telephonyDir,
        {
          ...env,
          BENCH_EVENT: JSON.stringify(voiceEvent(assistantNumber, call++)),
          BENCH_EVENT_AGAIN: JSON.stringify(voiceEvent(assistantNumber, call++)),
        },
        '<ConversationRelay',
        nodeArgs,
        nodeBinary,
      );
      // With a profiler's flags: each process's id and phase marks, to split its profile by phase.
      if (nodeArgs.length > 0) log(`probe ${JSON.stringify(side)}`);
      return side;
    };
    // BENCH_BARE_NODE_ARGS: the same for the bare handler's processes, to compare the two profiles.
    const bareArgs = (process.env.BENCH_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const bare = async () => {
      const side = await probe(
        baselineDir,
        {
          ...env,
          BENCH_EVENT: JSON.stringify({ userId: OWNER }),
          BENCH_EVENT_AGAIN: JSON.stringify({ userId: OWNER }),
        },
        `"${OWNER}"`,
        bareArgs,
        nodeBinary,
      );
      if (bareArgs.length > 0) log(`bare ${JSON.stringify(side)}`);
      return side;
    };

    if (options.dynamoDbWarmUpCalls > 0) {
      // A table in AWS is never cold: without this, DynamoDB Local's JVM would still be interpreting the
      // first rings' transaction (8-18 ms of waiting instead of 3-4), a cost of the stand-in, not the function.
      log(`warming DynamoDB Local: ${options.dynamoDbWarmUpCalls} rounds of reads and transactions…`);
      await warmDynamoDbLocal(doc, TABLE, options.dynamoDbWarmUpCalls);
    }
    log('one warm-up of each (the disk cache and DynamoDB Local’s JIT)…');
    await ring();
    await bare();
    log(
      `${options.samples} rounds: a fresh node process for a call's first ring and one for the bare handler…`,
    );
    const rings: Side[] = [];
    const bares: Side[] = [];
    for (let i = 0; i < options.samples; i++) {
      if (i % 2 === 0) {
        rings.push(await ring());
        bares.push(await bare());
      } else {
        bares.push(await bare());
        rings.push(await ring());
      }
    }
    const telephony = summary(rings);
    const baseline = summary(bares);
    const sizes = bundleSizes(telephonyMeta, telephonyDir);
    return {
      measuredAt: new Date().toISOString(),
      samples: options.samples,
      telephony: { ...telephony, initKb: sizes.initKb, totalKb: sizes.totalKb },
      baseline,
      ratio: round(telephony.totalMs / baseline.totalMs, 3),
      cpuRatio: round(telephony.cpuMs / baseline.cpuMs, 3),
      goal: FIRST_RING_GOAL,
      node: `${node.version}${node.binary ? ' (BENCH_SERVER_NODE)' : ''}`,
      dynamoDbWarmUpCalls: options.dynamoDbWarmUpCalls,
      method:
        `fresh node ${node.version} processes (${node.binary ? 'BENCH_SERVER_NODE' : 'the machine’s'}; no node flags, as deployed), each importing one bundle and invoking ` +
        'it once against DynamoDB Local; medians; excludes Node’s own start-up (the runtime bootstrap)',
    };
  });
}

/** Twilio's incoming-call webhook for a new call to the number, signed, as API Gateway v2 delivers it. */
export function voiceEvent(assistantNumber: string, index: number) {
  const path = TWILIO_WEBHOOK_PATHS.voice;
  // The number's voice URL as its purchase set it: naming its owner (telephonyWebhookUrls).
  const url = new URL(telephonyWebhookUrls(PUBLIC_API_URL, OWNER).voiceUrl);
  const params = {
    CallSid: `CA${randomBytes(16).toString('hex')}`,
    AccountSid: TWILIO_ACCOUNT_SID,
    From: `+1628555${String(2000 + index).padStart(4, '0')}`,
    To: assistantNumber,
    Called: assistantNumber,
    CallStatus: 'ringing',
    Direction: 'inbound',
    ApiVersion: '2010-04-01',
  };
  const body = new URLSearchParams(params).toString();
  const host = new URL(PUBLIC_API_URL).host;
  return {
    version: '2.0',
    routeKey: `POST ${path}`,
    rawPath: path,
    rawQueryString: url.search.slice(1),
    headers: {
      host,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
      'x-twilio-signature': signTwilioRequest(TWILIO_AUTH_TOKEN, url.href, params),
      'user-agent': 'TwilioProxy/1.1',
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'bench',
      domainName: host,
      domainPrefix: host.split('.')[0],
      http: {
        method: 'POST',
        path,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'TwilioProxy/1.1',
      },
      requestId: `bench-${index}`,
      routeKey: `POST ${path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  };
}

async function probe(
  dir: string,
  env: Record<string, string | undefined>,
  expect: string,
  nodeArgs: string[] = [],
  nodeBinary = process.execPath,
): Promise<Side> {
  const result = await runCommand(nodeBinary, [...nodeArgs, '--input-type=module', '-e', PROBE], {
    cwd: REPO_ROOT,
    env: { ...env, BENCH_BUNDLE_URL: pathToFileURL(path.join(dir, 'index.mjs')).href, BENCH_EXPECT: expect },
    timeoutMs: 30_000,
  });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.code !== 0 || !line.startsWith('{')) {
    throw new Error(
      `first-ring probe of ${dir} failed (exit ${result.code}):\n${result.stderr.slice(-2000)}\n${result.stdout.slice(-1000)}`,
    );
  }
  return JSON.parse(line) as Side;
}

function summary(sides: Side[]): SideSummary {
  const totals = sides.map((s) => s.totalMs);
  return {
    initMs: round(median(sides.map((s) => s.initMs))),
    firstResponseMs: round(median(sides.map((s) => s.firstResponseMs))),
    totalMs: round(median(totals)),
    cpuMs: round(median(sides.map((s) => s.cpuMs))),
    warmResponseMs: round(median(sides.map((s) => s.warmResponseMs))),
    minTotalMs: round(Math.min(...totals)),
    maxTotalMs: round(Math.max(...totals)),
  };
}

export function formatTelephonyFirstRing(figure: TelephonyFirstRingFigure): string {
  const fixed = (value: number, digits = 1) => value.toFixed(digits);
  const row = (name: string, s: SideSummary) => [
    name,
    fixed(s.initMs),
    fixed(s.firstResponseMs),
    fixed(s.totalMs),
    `${fixed(s.minTotalMs)}–${fixed(s.maxTotalMs)}`,
    fixed(s.cpuMs),
    fixed(s.warmResponseMs),
  ];
  const met = figure.ratio <= figure.goal.ratio;
  return [
    `Telephony first ring (median of ${figure.samples} fresh processes${figure.node ? ` of node ${figure.node}` : ''}; ${figure.telephony.initKb} KB at init; DynamoDB Local warmed with ${figure.dynamoDbWarmUpCalls ?? 0} rounds of calls)`,
    formatTable([
      ['function', 'init ms', 'first answer ms', 'total ms', 'min–max', 'CPU ms', 'warm answer ms'],
      row('telephony: init + voice webhook TwiML', figure.telephony),
      row('bare handler: init + one GetItem', figure.baseline),
    ]),
    formatTable([
      [
        'first ring ÷ bare handler',
        fixed(figure.ratio, 2),
        `goal ≤ ${figure.goal.ratio} ${goalMark(met)}`,
        `(CPU ${fixed(figure.cpuRatio, 2)})`,
      ],
    ]),
  ].join('\n');
}
