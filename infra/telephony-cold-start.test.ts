import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { bundleLambda, phoneMetadataAsJson } from './lib/lambda-bundling';
import { readVoiceTwiml } from '../backend/src/providers/telephony/twiml-reader';
import { createAssistantLine } from '../tests/support/assistant-line';
import { incomingCallEvent, twilioWebhookEvent } from '../tests/support/lambda-runtime/lambda-events';
import { TWILIO_WEBHOOK_PATHS } from '../backend/src/providers/telephony/port';
import { newCallSid } from '../tests/support/signed-sms';
import { createTestApp } from '../tests/support/test-app';
import { COLD_INIT_ENV, zodInstancesAtInit } from './lib/zod-instance-probe';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
mkdirSync(path.join(REPO_ROOT, '.local'), { recursive: true });
const outRoot = mkdtempSync(path.join(REPO_ROOT, '.local', 'telephony-start-'));
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

/**
 * The telephony function answers callers, so what it loads at cold start is kept to what every request needs:
 * Twilio's TwiML builder and its XML library load on first use, started as a webhook arrives
 * (docs/decisions/167-twiml-builders.md), like the REST client on the first outbound text.
 */
/** The telephony asset's source files: those its entry loads at start, and those only a chunk loads later. */
async function telephonyInputs() {
  const dir = path.join(outRoot, 'telephony');
  const meta = await bundleLambda('telephony', dir);
  const key = (file: string) => path.relative(REPO_ROOT, file).split(path.sep).join('/');
  const atStart = new Set<string>();
  const visit = (file: string) => {
    if (atStart.has(file) || !meta.outputs[file]) return;
    atStart.add(file);
    for (const imported of meta.outputs[file].imports)
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(key(path.join(dir, 'index.mjs')));
  bundleDir = dir;
  const inputsOf = (files: Iterable<string>) =>
    [...files].flatMap((file) => Object.keys(meta.outputs[file]!.inputs));
  /** Bytes of the start-up code that came from each source file. */
  const startBytes = [...atStart].flatMap((file) =>
    Object.entries(meta.outputs[file]!.inputs).map(([input, { bytesInOutput }]) => ({
      input,
      bytesInOutput,
    })),
  );
  return {
    startBytes,
    startInputs: inputsOf(atStart),
    lazyInputs: inputsOf(Object.keys(meta.outputs).filter((file) => !atStart.has(file))),
  };
}
const { TWILIO_AUTH_TOKEN, PUBLIC_API_URL } = COLD_INIT_ENV;
/** Enough for the function's config to load (as the bench's cold init): nothing is contacted at init. */
const COLD_START_ENV = { PATH: process.env.PATH, ...COLD_INIT_ENV };

/**
 * Records, before the bundle loads, every first use of what a first ring answered through Hono's Lambda
 * adapter pays for: the Fetch `Request`/`Response`/`Headers` globals (Node loads undici on the first
 * read of one) and AsyncLocalStorage being enabled (Node 20's promise hooks, on its first `run`). Then
 * runs the bundle's init and one invocation with the event, and prints the answer and the uses of each phase.
 */
const FIRST_RING_PROBE = `
const uses = [];
const where = () => (new Error().stack.split('\\n')[3] ?? '').trim().replace(/^at /, '');
for (const name of ['Request', 'Response', 'Headers']) {
  const original = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, {
    configurable: true,
    enumerable: original.enumerable,
    get() {
      uses.push(name + ' at ' + where());
      return original.get ? original.get.call(globalThis) : original.value;
    },
    set(value) {
      Object.defineProperty(globalThis, name, { configurable: true, writable: true, value });
    },
  });
}
const { AsyncLocalStorage } = await import('node:async_hooks');
for (const method of ['_enable', 'run', 'enterWith']) {
  const original = AsyncLocalStorage.prototype[method];
  if (!original) continue;
  AsyncLocalStorage.prototype[method] = function (...args) {
    uses.push('AsyncLocalStorage.' + method + ' at ' + where());
    return original.apply(this, args);
  };
}
const { handler } = await import(process.env.BUNDLE_URL);
const atInit = uses.splice(0);
// Each stack written while the caller waits: the bundle's formatter reads a source map for it.
const mapped = Error.prepareStackTrace;
let stacks = 0;
Error.prepareStackTrace = (error, sites) => (stacks++, mapped(error, sites));
const answer = await handler(JSON.parse(process.env.RING_EVENT), {});
console.log(JSON.stringify({ status: answer.statusCode, body: answer.body, atInit, atFirstRing: uses, stacks }));
`;

/** Invokes the bundle's handler with each event in turn, in one process; prints each answer. */
const ANSWERS_PROBE = `
const { handler } = await import(process.env.BUNDLE_URL);
const answers = [];
for (const event of JSON.parse(process.env.EVENTS)) {
  const { statusCode, body } = await handler(event, {});
  answers.push({ status: statusCode, body });
}
console.log(JSON.stringify(answers));
`;

/**
 * Runs a probe script in a fresh node process that imports the bundle (BUNDLE_URL), with the cold-start
 * configuration and `env`; its last line of output, parsed.
 */
async function runProbe<T = unknown>(probe: string, env: Record<string, string> = {}): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', probe], {
    cwd: REPO_ROOT,
    env: { ...COLD_START_ENV, BUNDLE_URL: pathToFileURL(path.join(bundleDir, 'index.mjs')).href, ...env },
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as T;
}

let inputs: ReturnType<typeof telephonyInputs> | undefined;
let bundleDir = '';

/**
 * Records, before the bundle loads, every use of Intl in the process (constructors and the `toLocale…`
 * methods that build one), and prints them once the bundle's init is over.
 */
const INTL_PROBE = `
const uses = [];
for (const name of ['Collator', 'DateTimeFormat', 'DisplayNames', 'ListFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Segmenter']) {
  const original = Intl[name];
  const note = () => uses.push(name + ' at ' + (new Error().stack.split('\\n')[3] ?? '').trim().replace(/^at /, ''));
  Intl[name] = new Proxy(original, {
    construct: (target, args) => (note(), Reflect.construct(target, args)),
    apply: (target, self, args) => (note(), Reflect.apply(target, self, args)),
  });
}
for (const [type, method] of [[Number, 'toLocaleString'], [Date, 'toLocaleString'], [Date, 'toLocaleDateString'], [Date, 'toLocaleTimeString'], [String, 'localeCompare']]) {
  const original = type.prototype[method];
  type.prototype[method] = function (...args) {
    uses.push(type.name + '.' + method + ' at ' + (new Error().stack.split('\\n')[2] ?? '').trim().replace(/^at /, ''));
    return original.apply(this, args);
  };
}
await import(process.env.BUNDLE_URL);
console.log(JSON.stringify(uses));
`;

describe('the telephony function at cold start', () => {
  /**
   * The voice answers are written without Twilio's TwiML library (voice-twiml.ts over twiml-writer.ts,
   * decision 186 session 40): a first ring never loads it. The messaging builder (texts) still comes from
   * the library, on first use (decision 167).
   */
  it('writes the voice TwiML without the library, which loads on first use for texts only', async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const twimlLibrary = (input: string) =>
      /node_modules\/(twilio\/lib\/twiml|(twilio\/node_modules\/)?xmlbuilder)\//.test(input);
    expect(
      startInputs.some((input) => input.endsWith('backend/src/providers/telephony/twiml-on-demand.ts')),
    ).toBe(true);
    expect(startInputs.filter(twimlLibrary)).toEqual([]);
    expect(
      startInputs.some((input) => input.endsWith('backend/src/providers/telephony/voice-twiml.ts')),
    ).toBe(true);
    expect(startInputs.filter((input) => input.endsWith('backend/src/providers/telephony/twiml.ts'))).toEqual(
      [],
    );
    // …the messaging builder is in the asset, in a chunk of its own.
    expect(
      lazyInputs.some((input) => input.includes('node_modules/twilio/lib/twiml/MessagingResponse.js')),
    ).toBe(true);
    expect(lazyInputs.some((input) => input.endsWith('backend/src/providers/telephony/twiml.ts'))).toBe(true);
  });

  /** A caller waits on this function's init: it builds a call's webhooks only (decision 186). */
  it('builds the number, text and A2P routes on their first request, in a chunk of their own', async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const routeModules = [
      'backend/src/entry/surfaces/telephony-routes.ts',
      'backend/src/capabilities/sms/sms-webhook-routes.ts',
      'backend/src/capabilities/phone-numbers/phone-number-routes.ts',
    ];
    expect(startInputs.filter((input) => routeModules.some((module) => input.endsWith(module)))).toEqual([]);
    for (const module of routeModules)
      expect(
        lazyInputs.some((input) => input.endsWith(module)),
        module,
      ).toBe(true);
  });

  /**
   * The first ring is answered without Hono (incoming-call-direct.ts), so a call's other webhooks (status,
   * the relay's end, transfers, the recording callback) are built behind Hono's adapter on the first of them:
   * init loads no routes, no OpenAPI helpers and none of those webhooks' forms (decision 186, session 40).
   */
  it("builds a call's other webhooks, with Hono's app and the OpenAPI helpers, on the first of them", async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const callRoutes = [
      'backend/src/entry/surfaces/call-routes.ts',
      'backend/src/entry/app-core.ts',
      'backend/src/capabilities/voice/voice-webhook-routes.ts',
      'backend/src/capabilities/recordings/recording-webhook-routes.ts',
    ];
    const openApi = (input: string) =>
      /node_modules\/(@hono\/zod-openapi|@asteasolutions\/zod-to-openapi)\//.test(input);
    expect(startInputs.filter((input) => callRoutes.some((module) => input.endsWith(module)))).toEqual([]);
    expect(startInputs.filter(openApi)).toEqual([]);
    for (const module of callRoutes)
      expect(
        lazyInputs.some((input) => input.endsWith(module)),
        module,
      ).toBe(true);
  });

  /**
   * No Hono at start, hono-base included: the first ring's guards and answer headers share with the app only
   * what is not Hono middleware (body-too-large.ts, cors-headers.ts; decision 186, session 41). The one piece
   * left is HTTPException's class (1 KB), which the shared error answer (error-handler.ts) tells apart.
   */
  it('loads no Hono at start but its HTTPException class; the rest is in the asset for later', async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const hono = (input: string) => /node_modules\/hono\//.test(input);
    expect(startInputs.filter(hono).map((input) => input.replace(/^.*node_modules\//, ''))).toEqual([
      'hono/dist/http-exception.js',
    ]);
    expect(lazyInputs.some((input) => input.endsWith('node_modules/hono/dist/hono-base.js'))).toBe(true);
  });

  /** A call's webhooks are built from their own dependencies; the app's whole wiring loads on first use. */
  it("answers a call without the app's whole wiring, which is in the asset for the first call that needs it", async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const wiringOnly = [
      'backend/src/entry/app-deps.ts',
      'backend/src/capabilities/webhooks/index.ts',
      'backend/src/capabilities/referrals/index.ts',
      'backend/src/capabilities/messaging-registration/index.ts',
      'backend/src/providers/providers.ts',
      'backend/src/platform/auth/token-verifier.ts',
    ];
    expect(startInputs.some((input) => input.endsWith('backend/src/entry/call-answer-deps.ts'))).toBe(true);
    expect(startInputs.filter((input) => wiringOnly.some((module) => input.endsWith(module)))).toEqual([]);
    expect(startInputs.filter((input) => input.includes('node_modules/jose/'))).toEqual([]);
    for (const module of wiringOnly)
      expect(
        lazyInputs.some((input) => input.endsWith(module)),
        module,
      ).toBe(true);
  });

  /**
   * The first ring's schemas (its webhook's form, the phone numbers in it, the function's configuration) are
   * written with zod/mini, and nothing else it loads at start builds a schema with zod's classic API, whose
   * whole namespace is code to compile at every cold start (decision 186, session 43). The classic API is in
   * the asset, for the routes and the wiring that load later.
   */
  it("loads zod/mini at start and not zod's classic API", async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const classic = (input: string) => /node_modules\/zod\/(v4\/classic|index\.js|v4\/index\.js)/.test(input);
    expect(startInputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(startInputs.filter(classic)).toEqual([]);
    expect(lazyInputs.some((input) => input.includes('node_modules/zod/v4/classic/'))).toBe(true);
  });

  /**
   * The start-up's `zod/mini` code has its own copy of zod, tree-shaken to what it uses (zodMiniOwnCopy,
   * lambda-bundling.ts; decision 186, session 44): not the core's JSON Schema generation and every check,
   * which the classic API in the lazy chunks uses and which came in with the shared core before (146 KB).
   */
  it("loads only the parts of zod's core that zod/mini uses, in a copy of its own", async () => {
    const { startBytes, lazyInputs } = await (inputs ??= telephonyInputs());
    const zod = startBytes.filter(({ input }) => input.includes('node_modules/zod/'));
    const jsonSchema = zod.filter(({ input }) => /json-schema|to-json-schema/.test(input));
    expect(jsonSchema.filter(({ bytesInOutput }) => bytesInOutput > 0)).toEqual([]);
    const zodKb = zod.reduce((sum, { bytesInOutput }) => sum + bytesInOutput, 0) / 1024;
    expect(zodKb).toBeGreaterThan(10);
    expect(zodKb).toBeLessThan(40);
    // …the classic API's core is the asset's other copy, for the routes that load later.
    expect(lazyInputs.some((input) => input.endsWith('node_modules/zod/v4/core/to-json-schema.js'))).toBe(
      true,
    );
  });

  /**
   * Both copies of zod in one process (a first ring's `zod/mini`, the texts' classic API) answer bad input as
   * the source does: a 400 naming each field, in zod's English messages, whichever copy loads first. The
   * asset's own handler, invoked with signed webhooks: a first ring (mini), a text (classic, loaded then), a
   * call's status (mini, from a lazy chunk), and a first ring again.
   */
  it('answers bad webhook forms in English from both copies of zod, whichever loads first', async () => {
    await (inputs ??= telephonyInputs());
    const signed = (path: string, form: Record<string, string>) =>
      twilioWebhookEvent({
        path,
        apiId: 'coldstart',
        authToken: TWILIO_AUTH_TOKEN,
        publicApiUrl: PUBLIC_API_URL,
        form,
      });
    const accountSid = COLD_START_ENV.TWILIO_ACCOUNT_SID;
    const badRing = signed(TWILIO_WEBHOOK_PATHS.voice, {
      CallSid: newCallSid(),
      AccountSid: accountSid,
      From: '+14155550123',
      To: 'not a number',
      Called: 'x'.repeat(41),
    });
    const events = [
      badRing,
      signed(TWILIO_WEBHOOK_PATHS.sms, {
        MessageSid: `SM${'0'.repeat(32)}`,
        AccountSid: accountSid,
        From: 'not a number',
        To: '+14155550100',
        Body: 'x'.repeat(20_001),
      }),
      signed(TWILIO_WEBHOOK_PATHS.voiceStatus, { CallSid: newCallSid(), CallStatus: 'x'.repeat(41) }),
      badRing,
    ];
    const answers = await runProbe<{ status: number; body: string }[]>(ANSWERS_PROBE, {
      EVENTS: JSON.stringify(events),
    });
    const errorOf = (answer: { status: number; body: string }) => {
      expect(answer.status, answer.body).toBe(400);
      return (JSON.parse(answer.body) as { message: string }).message;
    };
    expect(errorOf(answers[0]!)).toBe(
      'Invalid request: To: must be an E.164 number; Called: Too big: expected string to have <=40 characters',
    );
    expect(errorOf(answers[1]!)).toBe(
      'Invalid request: From: must be an E.164 number; Body: Too big: expected string to have <=20000 characters',
    );
    expect(errorOf(answers[2]!)).toBe(
      'Invalid request: CallStatus: Too big: expected string to have <=40 characters',
    );
    expect(errorOf(answers[3]!)).toBe(errorOf(answers[0]!));
  }, 60_000);

  /**
   * libphonenumber-js's metadata is read with `JSON.parse` at start (phoneMetadataAsJson, lambda-bundling.ts):
   * the same data, parsed faster than the object literal the package ships.
   */
  it("reads the phone numbers' metadata with JSON.parse, as the same data the package ships", async () => {
    const { startBytes } = await (inputs ??= telephonyInputs());
    expect(startBytes.some(({ input }) => input.endsWith('libphonenumber-js/metadata.min.json.js'))).toBe(
      true,
    );
    const outdir = path.join(outRoot, 'phone-metadata');
    await build({
      stdin: {
        contents: "export { default } from 'libphonenumber-js/metadata.min.json';",
        resolveDir: REPO_ROOT,
      },
      bundle: true,
      format: 'esm',
      outfile: path.join(outdir, 'metadata.mjs'),
      plugins: [phoneMetadataAsJson],
      logLevel: 'warning',
    });
    const bundled = readFileSync(path.join(outdir, 'metadata.mjs'), 'utf8');
    expect(bundled).toContain('JSON.parse(\'{"version":');
    const { default: parsed } = (await import(pathToFileURL(path.join(outdir, 'metadata.mjs')).href)) as {
      default: unknown;
    };
    const { default: shipped } = (await import('libphonenumber-js/metadata.min.json')) as {
      default: unknown;
    };
    expect(parsed).toEqual(shipped);
  });

  /**
   * Modules a first ring never uses whose import builds zod schemas (each costs at construction): the setup
   * forms' schemas came in with the config's records, for the business phone's E.164 form (decision 186).
   */
  it('builds no setup-form schemas at start', async () => {
    const { startInputs } = await (inputs ??= telephonyInputs());
    const notAtStart = ['shared/schemas/business-info.ts', 'shared/schemas/business-hours.ts'];
    expect(startInputs.filter((input) => notAtStart.some((module) => input.endsWith(module)))).toEqual([]);
  });

  /**
   * A first ring starts a conversation and greets; it runs no turn and sends no notification. The engine
   * (tools, model adapter, instructions), the notifier with its batches and the relay socket's messages load
   * when a call first finishes (or in the socket and notifications functions), not at start (decision 186).
   */
  it("starts with the receptionist's conversation start, not its engine, notifier or the socket's messages", async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const notAtStart = [
      'backend/src/capabilities/receptionist/receptionist.ts',
      'backend/src/capabilities/receptionist/tools/all-tools.ts',
      'backend/src/capabilities/receptionist/model/openai-model.ts',
      'backend/src/capabilities/receptionist/instructions.ts',
      'backend/src/capabilities/notifications/notifier.ts',
      'backend/src/capabilities/notifications/fan-out.ts',
      'shared/schemas/notifications.ts',
    ];
    const neverHere = ['shared/voice-relay-messages.ts', 'shared/schemas/calendar-model.ts'];
    expect(
      startInputs.some((input) =>
        input.endsWith('backend/src/capabilities/receptionist/conversation-start.ts'),
      ),
    ).toBe(true);
    expect(
      startInputs.filter((input) => [...notAtStart, ...neverHere].some((module) => input.endsWith(module))),
    ).toEqual([]);
    for (const module of notAtStart)
      expect(
        lazyInputs.some((input) => input.endsWith(module)),
        module,
      ).toBe(true);
  });

  /**
   * Each zod object costs about 3.5 µs to build, and the start-up code built 6,182 (counted as zod's
   * constructor runs, one per trait of a schema) before session 39 cut the engine, the socket's messages, the
   * env schema's per-field copies and the vendor keys' schemas: 2,189 then, 1,754 after session 40; 939
   * since session 41 left the knowledge entries' schemas (525) and Get paid's (290) to their first use. The
   * ceiling leaves room for a few new webhook fields, not for a module of schemas a first ring does not parse.
   */
  it('builds fewer than 1,200 zod objects while it starts', async () => {
    const { traits } = await zodInstancesAtInit('telephony', path.join(outRoot, 'telephony-zod'));
    expect(traits).toBeGreaterThan(0);
    expect(traits).toBeLessThan(1_200);
  }, 60_000);

  /**
   * Intl's first use in a process loads ICU's data (about 10 ms), and a first ring needs no Intl before its
   * answer (an owner's business hours do, when their answer mode asks the clock): nothing at init may build
   * one, e.g. a grapheme segmenter or a `toLocaleString` in a text built at import (decision 186).
   */
  it('uses no Intl while it starts', async () => {
    await (inputs ??= telephonyInputs());
    expect(await runProbe(INTL_PROBE)).toEqual([]);
  }, 30_000);
  /**
   * A caller's first ring is answered without Hono's Lambda adapter (incoming-call-direct.ts): no Fetch
   * Request or Response (undici), no AsyncLocalStorage (Node 20's promise hooks), neither at init nor in
   * the answer (decision 186). The asset answers a real ring from DynamoDB Local, so this fails if the
   * first ring goes back through `handle()` or the log context back to AsyncLocalStorage.
   */
  it("answers a caller's first ring without a Fetch Request or AsyncLocalStorage", async () => {
    await (inputs ??= telephonyInputs());
    const local = await createTestApp();
    const line = await createAssistantLine(local.deps);
    const form = {
      CallSid: newCallSid(),
      AccountSid: COLD_START_ENV.TWILIO_ACCOUNT_SID,
      From: '+14155550123',
      To: line.assistantNumber,
    };
    const event = incomingCallEvent({
      apiId: 'coldstart',
      authToken: TWILIO_AUTH_TOKEN,
      publicApiUrl: PUBLIC_API_URL,
      form,
    });
    const probe = await runProbe<{
      status: number;
      body: string;
      atInit: string[];
      atFirstRing: string[];
      stacks: number;
    }>(FIRST_RING_PROBE, {
      TABLE_NAME: local.tableName,
      DYNAMODB_ENDPOINT: local.services.dynamoDbEndpoint,
      RING_EVENT: JSON.stringify(event),
    });
    expect(probe.status, probe.body).toBe(200);
    expect(readVoiceTwiml(probe.body).relay).toBeDefined();
    expect(probe.atInit).toEqual([]);
    expect(probe.atFirstRing).toEqual([]);
    // …nor a stack written, so no source map read (source-mapped-stacks.ts).
    expect(probe.stacks).toBe(0);
  }, 60_000);

  /**
   * The function runs without `--enable-source-maps` (backend-function.ts), which read every module's map at
   * load; the bundle maps a stack when one is written (source-mapped-stacks.ts, injected first by
   * lambda-bundling.ts). An error at init, as the Lambda runtime would report it, names the .ts file and line.
   */
  it('names the TypeScript source and line in the stack of an error it throws, with no node flags', async () => {
    await (inputs ??= telephonyInputs());
    const failed = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(pathToFileURL(path.join(bundleDir, 'index.mjs')).href)})`,
      ],
      // A table name the config refuses: loadConfig throws at init.
      { cwd: REPO_ROOT, env: { ...COLD_START_ENV, TABLE_NAME: 'x' } },
    ).then(
      () => undefined,
      (error: { stderr: string }) => error,
    );
    const frames = (failed?.stderr ?? '').split('\n').filter((line) => line.startsWith('    at '));
    const envSource = readFileSync(path.join(REPO_ROOT, 'backend/src/platform/config/env.ts'), 'utf8');
    const throwLine = envSource.split('\n').findIndex((line) => line.includes('throw new ConfigError(')) + 1;
    expect(throwLine).toBeGreaterThan(0);
    expect(frames[0]).toContain(
      `${path.join(REPO_ROOT, 'backend/src/platform/config/env.ts')}:${throwLine}:`,
    );
    expect(frames.some((frame) => frame.includes('backend/src/entry/telephony-lambda.ts:'))).toBe(true);
    expect(frames.filter((frame) => frame.includes('.mjs:'))).toEqual([]);
  }, 30_000);
});
