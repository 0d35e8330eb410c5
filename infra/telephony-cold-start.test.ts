import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleLambda } from './lib/lambda-bundling';

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
  const inputsOf = (files: Iterable<string>) =>
    [...files].flatMap((file) => Object.keys(meta.outputs[file]!.inputs));
  return {
    startInputs: inputsOf(atStart),
    lazyInputs: inputsOf(Object.keys(meta.outputs).filter((file) => !atStart.has(file))),
  };
}
let inputs: ReturnType<typeof telephonyInputs> | undefined;

describe('the telephony function at cold start', () => {
  it('loads the TwiML library on first use, not with its entry', async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const twimlLibrary = (input: string) =>
      /node_modules\/(twilio\/lib\/twiml|(twilio\/node_modules\/)?xmlbuilder)\//.test(input);
    expect(
      startInputs.some((input) => input.endsWith('backend/src/providers/telephony/twiml-on-demand.ts')),
    ).toBe(true);
    expect(startInputs.filter(twimlLibrary)).toEqual([]);
    expect(startInputs.filter((input) => /telephony\/(voice-)?twiml\.ts$/.test(input))).toEqual([]);
    // …and it is in the asset, in a chunk of its own.
    expect(lazyInputs.some((input) => input.includes('node_modules/twilio/lib/twiml/VoiceResponse.js'))).toBe(
      true,
    );
    expect(lazyInputs.some((input) => input.endsWith('backend/src/providers/telephony/voice-twiml.ts'))).toBe(
      true,
    );
  });

  /** A caller waits on this function's init: it builds a call's webhooks only (decision 186). */
  it('builds the number, text and A2P routes on their first request, in a chunk of their own', async () => {
    const { startInputs, lazyInputs } = await (inputs ??= telephonyInputs());
    const routeModules = [
      'backend/src/entry/surfaces/telephony-routes.ts',
      'backend/src/capabilities/sms/sms-webhook-routes.ts',
      'backend/src/capabilities/phone-numbers/phone-number-routes.ts',
    ];
    expect(startInputs.some((input) => input.endsWith('backend/src/entry/surfaces/call-routes.ts'))).toBe(
      true,
    );
    expect(startInputs.filter((input) => routeModules.some((module) => input.endsWith(module)))).toEqual([]);
    for (const module of routeModules)
      expect(
        lazyInputs.some((input) => input.endsWith(module)),
        module,
      ).toBe(true);
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
});
