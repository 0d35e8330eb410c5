import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleEntry, LAMBDA_ENTRIES } from './lib/lambda-bundling';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
// Inside the repository, so the bundles' external @aws-sdk/* resolve as the CDK asset's do.
mkdirSync(path.join(REPO_ROOT, '.local'), { recursive: true });
const outRoot = mkdtempSync(path.join(REPO_ROOT, '.local', 'surfaces-'));
afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

const bundles = new Map<keyof typeof LAMBDA_ENTRIES, ReturnType<typeof bundleEntry>>();
const bundle = (name: keyof typeof LAMBDA_ENTRIES) => {
  if (!bundles.has(name)) bundles.set(name, bundleEntry(LAMBDA_ENTRIES[name], path.join(outRoot, name)));
  return bundles.get(name)!;
};

/** The source files of the code a function loads: its entry and every chunk it imports at start. */
async function bundledSources(name: keyof typeof LAMBDA_ENTRIES): Promise<string[]> {
  const meta = await bundle(name);
  return Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));
}

/**
 * Each HTTP function bundles only its own surface (backend/src/entry/surfaces/): the owner API never carries
 * Twilio's webhooks, the telephony function never the owner API, and neither the local providers' pages
 * (issue 16 §1-2: what a function does not serve, it should not load at cold start).
 */
describe('Lambda bundles hold only their own routes', () => {
  it('the API function has no telephony routes and no local pages', async () => {
    const sources = await bundledSources('api');
    expect(sources.some((file) => file.includes('backend/src/capabilities/setup/config-routes.ts'))).toBe(
      true,
    );
    expect(
      sources.filter((file) => file.includes('backend/src/capabilities/sms/sms-webhook-routes.ts')),
    ).toEqual([]);
    expect(
      sources.filter((file) =>
        file.includes('backend/src/capabilities/phone-numbers/phone-number-routes.ts'),
      ),
    ).toEqual([]);
    expect(sources.filter((file) => file.includes('backend/src/local/'))).toEqual([]);
  });

  it('the telephony function has no owner API routes and no local pages', async () => {
    const sources = await bundledSources('telephony');
    expect(sources.some((file) => file.includes('backend/src/capabilities/sms/sms-webhook-routes.ts'))).toBe(
      true,
    );
    for (const ownerRoutes of [
      'setup/config-routes.ts',
      'payouts/get-paid-routes.ts',
      'billing/subscription-routes.ts',
      'conversations/call-log-routes.ts',
      'referrals/referral-routes.ts',
    ]) {
      expect(sources.filter((file) => file.includes(`backend/src/capabilities/${ownerRoutes}`))).toEqual([]);
    }
    expect(sources.filter((file) => file.includes('backend/src/local/'))).toEqual([]);
  });
});

/**
 * Only a deployed cold start reads Secrets Manager; locally, in tests and in the bench there is no secret
 * ARN, so its SDK (about 25 ms to load) is imported where a secret is read, never at module load.
 */
describe('the Secrets Manager SDK loads on demand', () => {
  it.each(['api', 'telephony'] as const)('%s imports it dynamically only', async (name) => {
    const meta = await bundle(name);
    const imports = Object.values(meta.outputs)
      .flatMap((output) => output.imports ?? [])
      .filter((entry) => entry.path === '@aws-sdk/client-secrets-manager');
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.map((entry) => entry.kind)).toEqual(imports.map(() => 'dynamic-import'));
  });
});
