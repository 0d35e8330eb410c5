import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import type { PaymentEvent } from '../../backend/src/providers/payments/port';
import { signWebhookPayload } from '../../backend/src/providers/payments/webhook-signature';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../backend/src/platform/config/env';
import { environmentFor, runOpsCli } from '../../backend/src/entry/ops/ops-cli';
import { OpsError } from '../../backend/src/entry/ops/ops-commands';
import { createConfirmedUser, signInUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const run = promisify(execFile);
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** `npm run ops` against the local stack: the same DynamoDB Local table and cognito-local as the test app. */
describe('npm run ops (operator CLI) against the local stack', async () => {
  const { app, deps, tableName, services } = await createTestApp();
  const env = {
    ...process.env,
    APP_ENV: 'test',
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: services.dynamoDbEndpoint,
    COGNITO_ISSUER: services.issuer,
    LOCAL_PROVIDERS: 'true',
    LOCAL_OUTBOX_DIR: services.outboxDir,
  };
  /** The CLI's own code in process (fast); the last test runs the script itself. */
  const ops = (...args: string[]) =>
    runOpsCli(args, env).then(
      (result) => ({ code: result.failed ? 1 : 0, stdout: `${result.lines.join('\n')}\n`, stderr: '' }),
      (error: Error) => ({ code: error instanceof OpsError ? 2 : 1, stdout: '', stderr: error.message }),
    );
  const owner = await createConfirmedUser(services, 'ops', {
    'custom:business_name': 'Ops Salon',
    'custom:beta_tester': 'false',
  });
  await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Ops Salon' });

  it('looks an owner up by e-mail and by user id, and says clearly when there is none', async () => {
    const byEmail = await ops('lookup', owner.email);
    expect(byEmail.code).toBe(0);
    expect(byEmail.stdout).toMatch(new RegExp(`^user id +${owner.sub}$`, 'm'));
    expect(byEmail.stdout).toMatch(/^business +Ops Salon$/m);
    expect(byEmail.stdout).toMatch(/^beta tester +false$/m);
    expect(byEmail.stdout).toMatch(/^subscription +none$/m);
    const byId = await ops('lookup', owner.sub);
    expect(byId.stdout).toMatch(new RegExp(`^e-mail +${owner.email}$`, 'm'));
    const nobody = await ops('lookup', 'nobody-here@example.com');
    expect(nobody).toMatchObject({ code: 2, stderr: expect.stringContaining('No account with the e-mail') });
    const usage = await ops('frobnicate');
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown command: frobnicate') });
  });

  it('admits a beta tester: their next sign-in carries the flag', async () => {
    expect(claimsOf(owner.tokens.IdToken)['custom:beta_tester']).toBe('false');
    const admitted = await ops('admit-beta', owner.email);
    expect(admitted.code).toBe(0);
    expect(admitted.stdout).toContain('is now a beta tester');
    const fresh = await signInUser(services.cognitoUrl, owner.email, owner.password);
    expect(claimsOf(fresh.IdToken)['custom:beta_tester']).toBe('true');
    expect((await ops('admit-beta', owner.email)).stdout).toContain('already a beta tester');
  });

  it('grants and revokes capability modules, refusing unknown ones', async () => {
    expect((await ops('grant-modules', owner.email, 'sms', 'booking')).code).toBe(0);
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.authorized_modules).toEqual([
      'sms',
      'booking',
    ]);
    expect((await ops('grant-modules', owner.sub, 'booking', '--revoke')).code).toBe(0);
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.authorized_modules).toEqual(['sms']);
    const unknown = await ops('grant-modules', owner.email, 'teleportation');
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown module(s): teleportation'),
    });
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.authorized_modules).toEqual(['sms']);
  });

  it('records a webhook whose handling failed, lists it, and replays it once the fault is gone', async () => {
    const payments = deps.providers.payments;
    if (!isLocalPaymentsProvider(payments)) throw new Error('expected the local payments provider');
    const checkout = (await (
      await app.request('/oauth/subscription/checkout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          price_id: 'price_essential_monthly',
          success_url: 'http://localhost:5173/setup?payment=success',
          cancel_url: 'http://localhost:5173/plans?payment=cancelled',
        }),
      })
    ).json()) as { session_id: string };
    const { events } = await payments.completeCheckout(checkout.session_id);
    const event = events.find((e) => e.type === 'checkout.session.completed')!;
    const deliver = async (e: PaymentEvent) =>
      app.request('/webhooks/stripe', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': await signWebhookPayload(
            JSON.stringify(e),
            LOCAL_STRIPE_WEBHOOK_SECRET,
            Math.floor(Date.now() / 1000),
          ),
        },
        body: JSON.stringify(e),
      });

    // The payment provider is down while the event arrives, twice (Stripe retries).
    const retrieve = payments.retrieveSubscription;
    payments.retrieveSubscription = async () => {
      throw new Error('payments provider unavailable');
    };
    try {
      expect((await deliver(event)).status).toBe(500);
      expect((await deliver(event)).status).toBe(500);
    } finally {
      payments.retrieveSubscription = retrieve;
    }
    expect((await deps.data.subscriptions.getSubscription(owner.sub)).status).toBe('none');

    const failed = await ops('webhooks', 'failed');
    expect(failed.stdout).toMatch(
      new RegExp(`stripe  ${event.id}  checkout\\.session\\.completed  ×2  payments provider unavailable`),
    );
    const replayed = await ops('webhooks', 'replay', event.id);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(new RegExp(`^handled +${event.id}`, 'm'));
    expect((await deps.data.subscriptions.getSubscription(owner.sub)).status).toBe('trialing');
    expect((await ops('webhooks', 'failed')).stdout).toContain('No failed webhooks.');
    // Handled once: the provider's late retry is a duplicate, and there is nothing left to replay.
    expect(await (await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await ops('webhooks', 'replay', event.id)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No recorded failure'),
    });
  });

  it('`npm run ops` prints the result and exits 0, or explains and exits 2', async () => {
    const script = (...args: string[]) =>
      run('npx', ['tsx', 'scripts/ops.ts', ...args], { env }).then(
        ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const found = await script('lookup', owner.email);
    expect(found).toMatchObject({ code: 0, stdout: expect.stringMatching(/^business +Ops Salon$/m) });
    const refused = await script('grant-modules', owner.email, 'teleportation');
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('Modules: sms, booking') });
  }, 120_000);

  it("--stage reads the stage's stack outputs and its region, or says which settings are missing", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ops-outputs-'));
    await writeFile(
      join(dir, 'qa.json'),
      JSON.stringify({
        'receptionist-qa': {
          TableName: 'receptionist-qa-AppTable1234',
          UserPoolId: 'eu-west-1_AbCdEf',
          VendorSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:receptionist-qa',
        },
      }),
    );
    // The outputs file is enough: no AWS_REGION in the shell, or one that points at another region.
    for (const shell of [{}, { AWS_REGION: 'us-east-1' }]) {
      expect(await environmentFor('qa', { OPS_OUTPUTS_DIR: dir, ...shell })).toMatchObject({
        APP_ENV: 'aws',
        STAGE: 'qa',
        AWS_REGION: 'eu-west-1',
        TABLE_NAME: 'receptionist-qa-AppTable1234',
        COGNITO_USER_POOL_ID: 'eu-west-1_AbCdEf',
        SECRETS_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:receptionist-qa',
      });
    }
    // Without the file, the settings alone, the region again from the pool id.
    expect(
      await environmentFor('prod', {
        OPS_OUTPUTS_DIR: dir,
        TABLE_NAME: 'receptionist-prod-AppTable9',
        COGNITO_USER_POOL_ID: 'us-west-2_XyZ',
      }),
    ).toMatchObject({ AWS_REGION: 'us-west-2', TABLE_NAME: 'receptionist-prod-AppTable9' });
    // Neither: the missing file is named, with exactly the settings that are missing.
    const neither = environmentFor('prod', {
      OPS_OUTPUTS_DIR: dir,
      TABLE_NAME: 'receptionist-prod-AppTable9',
    });
    await expect(neither).rejects.toThrow(`no ${dir}/prod.json (npm run deploy -- --stage prod writes it)`);
    await expect(neither).rejects.toThrow('and COGNITO_USER_POOL_ID is not set');
    // A file that is there but incomplete is blamed for what it lacks, never reported missing.
    await writeFile(
      join(dir, 'broken.json'),
      JSON.stringify({ 'receptionist-broken': { TableName: 'x-table' } }),
    );
    const broken = environmentFor('broken', { OPS_OUTPUTS_DIR: dir, AWS_REGION: 'us-east-1' });
    await expect(broken).rejects.toThrow(
      /broken\.json lacks the outputs of receptionist-broken \(UserPoolId: /,
    );
    await expect(broken).rejects.not.toThrow(/no .*broken\.json/);
    await writeFile(join(dir, 'garbled.json'), '{"receptionist-garbled": ');
    await expect(environmentFor('garbled', { OPS_OUTPUTS_DIR: dir })).rejects.toThrow(
      /garbled\.json is not JSON/,
    );
    await expect(environmentFor('Prod!', {})).rejects.toThrow('Invalid stage name');
  });
});
