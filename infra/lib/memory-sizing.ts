/**
 * Each function's memory size, chosen from its measured cold start and request time (docs/capacity.md,
 * "Memory sizes"; docs/decisions/186-cold-start.md). Lambda cannot run here, so the times are the bench's,
 * measured on one core of the 2-core bench machine, and scaled by Lambda's rule that CPU is allotted in
 * proportion to memory: at 1,769 MB a function has one vCPU's worth, at 512 MB not quite a third. The
 * CPU-bound part of a request scales with that share; its waiting (DynamoDB, the model) does not. No CPU
 * boost during init is assumed: AWS documents none. Pure: the stack, the cost model and the test read it.
 */

/** The memory at which a function has the equivalent of one full vCPU (AWS Lambda, "Memory and computing power"). */
export const FULL_VCPU_MB = 1769;
/** Sizes considered: the default, doubling, one full vCPU (more adds vCPUs a single-threaded handler barely uses). */
export const MEMORY_CANDIDATES_MB = [256, 512, 1024, 1769] as const;

export type FunctionKind = 'api' | 'telephony' | 'socket' | 'notifications';

/** What a request costs on one full core: CPU-bound milliseconds, and milliseconds spent waiting. */
export type RequestProfile = { readonly cpuMs: number; readonly waitMs: number };

/**
 * The requests the cost model counts, measured by the bench (bench/README.md) on one core, the waits as
 * in AWS. A relay turn mostly waits for the model while the reply streams (voice_turn: the engine's first
 * token 11-12 ms with the local model); a Twilio webhook is the incoming call's few reads and one write
 * (greeting_ms p50 about 20 ms over HTTP, half of it DynamoDB Local); a text waits for the model's reply
 * (receptionist_turn_sms p50 about 40 ms with the local engine, then the model); a dashboard request is one
 * authenticated read (api_get_config_serial p50 under 3 ms, plus DynamoDB in the region).
 */
export const REQUEST_PROFILES = {
  relayTurn: { cpuMs: 15, waitMs: 1985 },
  twilioWebhook: { cpuMs: 10, waitMs: 15 },
  smsTurn: { cpuMs: 40, waitMs: 2460 },
  apiRequest: { cpuMs: 5, waitMs: 20 },
} as const satisfies Record<string, RequestProfile>;

/**
 * What each function is sized for. `initCpuMs`: its cold init on one core (the bench's lambda_bundle, quiet
 * run of 2026-11-29: api 192 ms, telephony 165, websocket 161, notifications 154; CPU-bound: module
 * loading and compiling). `request` is what a person waits on (`waitsOn`), and `budgetMs` how much longer
 * than at one full vCPU that wait may be; `cold` says whether the wait includes the init (a first ring).
 */
export const SIZING = {
  telephony: {
    initCpuMs: 165,
    waitsOn: 'a caller’s first ring on a cold instance: init plus the incoming call’s TwiML',
    request: REQUEST_PROFILES.twilioWebhook,
    cold: true,
    budgetMs: 60,
  },
  socket: {
    initCpuMs: 161,
    waitsOn: 'every relay turn: the engine’s own work before the model’s first token',
    // Warm instances carry a call's turns; the model's own wait is the same at any size.
    request: { cpuMs: REQUEST_PROFILES.relayTurn.cpuMs, waitMs: 0 },
    cold: false,
    budgetMs: 20,
  },
  api: {
    initCpuMs: 192,
    waitsOn: 'an owner’s page load on a cold instance: init plus one read',
    request: REQUEST_PROFILES.apiRequest,
    cold: true,
    budgetMs: 150,
  },
  notifications: {
    initCpuMs: 154,
    waitsOn: 'nobody: a queued batch of owners’ summaries (CPU)',
    request: { cpuMs: 300, waitMs: 0 },
    cold: false,
    budgetMs: Number.POSITIVE_INFINITY,
  },
} as const satisfies Record<
  FunctionKind,
  { initCpuMs: number; waitsOn: string; request: RequestProfile; cold: boolean; budgetMs: number }
>;

/** How much slower CPU-bound work runs at `memoryMb` than on one full vCPU. */
export const cpuSlowdown = (memoryMb: number) => Math.max(1, FULL_VCPU_MB / memoryMb);

/** A request's duration at `memoryMb`, in seconds (what Lambda bills). */
export const secondsAt = (request: RequestProfile, memoryMb: number) =>
  (request.cpuMs * cpuSlowdown(memoryMb) + request.waitMs) / 1000;

/** What a person waits on at `memoryMb`, in milliseconds: the request, plus the init when it is cold. */
export function waitAt(kind: FunctionKind, memoryMb: number): number {
  const s = SIZING[kind];
  const cpu = s.request.cpuMs + (s.cold ? s.initCpuMs : 0);
  return cpu * cpuSlowdown(memoryMb) + s.request.waitMs;
}

/**
 * The smallest candidate whose wait is within the function's budget of the one-vCPU wait. Below one vCPU a
 * CPU-bound request costs the same GB-seconds at any size (half the memory, twice the time), so the
 * smaller size saves only on the waiting part; nobody-waits functions keep 512 MB for batch headroom.
 */
export function chosenMemoryMb(kind: FunctionKind): number {
  if (!Number.isFinite(SIZING[kind].budgetMs)) return 512;
  const best = waitAt(kind, FULL_VCPU_MB);
  return MEMORY_CANDIDATES_MB.find((mb) => waitAt(kind, mb) - best <= SIZING[kind].budgetMs) ?? FULL_VCPU_MB;
}

/** docs/capacity.md's "Memory sizes" table: each function's wait at each candidate size, the chosen one bold. */
export function renderMemoryTable(): string {
  const rows = (Object.keys(SIZING) as FunctionKind[]).map((kind) => {
    const chosen = chosenMemoryMb(kind);
    const cells = MEMORY_CANDIDATES_MB.map((mb) => {
      const text = `${Math.round(waitAt(kind, mb))} ms`;
      return mb === chosen ? `**${text}**` : text;
    });
    return [kind, SIZING[kind].waitsOn, ...cells, `${chosen} MB`];
  });
  const header = [
    'Function',
    'What a person waits on',
    ...MEMORY_CANDIDATES_MB.map((mb) => `${mb} MB`),
    'Chosen',
  ];
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w, i) => (i < 2 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/**
 * The heap limits Lambda's Node.js runtime gives a function of `memoryMb`: its bootstrap starts node with
 * `--max-semi-space-size` = memory ÷ 10 ÷ 2 (the young generation's two halves) and `--max-old-space-size`
 * = the rest, in MB, on the command line (the published bootstrap of the nodejs runtimes; not visible from
 * here for nodejs24.x, assumed unchanged). Flags on the command line win over NODE_OPTIONS, so the stack
 * sets none of these: a function already runs with them. The local server (`npm start`) and the bench's
 * API servers run with the same flags (as NODE_OPTIONS) so that they collect garbage as a deployed
 * function does: Node's own default young generation (16 MB halves on this machine, less under a memory
 * limit) is a third of the api function's 51 MB and scavenged about twice as often under the bench's load
 * (bench/README.md, api_get_config; docs/decisions/190-api-answer-path.md, session 40).
 */
export function lambdaHeapFlags(memoryMb: number): string {
  const youngMb = Math.floor(memoryMb / 10);
  return `--max-semi-space-size=${Math.floor(youngMb / 2)} --max-old-space-size=${memoryMb - youngMb}`;
}

/** `lambdaHeapFlags` for a function kind at its chosen memory size: what NODE_OPTIONS gets off Lambda. */
export const deployedHeapFlags = (kind: FunctionKind) => lambdaHeapFlags(chosenMemoryMb(kind));
