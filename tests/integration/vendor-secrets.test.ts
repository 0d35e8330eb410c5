import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../backend/src/platform/logging/logger';
import { withStartupSecrets, withVendorSecrets } from '../../backend/src/platform/config/vendor-secrets';
import { startFakeSecretsManager } from '../fakes/secrets-manager/fake-secrets-manager';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:receptionist/prod/vendor-keys-AbCdEf';
const BAD_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:bad';

describe('vendor keys from Secrets Manager (real SDK against a local fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeSecretsManager>>;
  let client: SecretsManagerClient;
  beforeAll(async () => {
    fake = await startFakeSecretsManager({
      [ARN]: JSON.stringify({
        STRIPE_SECRET_KEY: 'sk_test_123',
        OPENAI_API_KEY: 'from-secret',
        TABLE_NAME: 'from-secret',
        LOCAL_PROVIDERS: 'true',
      }),
      [BAD_ARN]: JSON.stringify({ STRIPE_SECRET_KEY: 73_519_886 }),
    });
    client = fake.client();
  });
  afterAll(() => fake.stop());

  it('takes only vendor keys from the secret, under the environment: function variables win', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    const env = await withVendorSecrets(
      { SECRETS_ARN: ARN, TABLE_NAME: 'from-env', OPENAI_API_KEY: 'from-env' },
      client,
      logger,
    );
    expect(env.STRIPE_SECRET_KEY).toBe('sk_test_123');
    expect(env.TABLE_NAME).toBe('from-env');
    expect(env.OPENAI_API_KEY).toBe('from-env');
    expect(env.LOCAL_PROVIDERS).toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', keys: ['TABLE_NAME', 'LOCAL_PROVIDERS'] }),
    ]);
    expect(fake.requests.at(-1)).toEqual({
      target: 'secretsmanager.GetSecretValue',
      body: { SecretId: ARN },
    });
  });

  it('leaves the environment alone without SECRETS_ARN and makes no call', async () => {
    const before = fake.requests.length;
    expect(await withVendorSecrets({ TABLE_NAME: 't' }, client)).toEqual({ TABLE_NAME: 't' });
    expect(fake.requests.length).toBe(before);
  });

  it('drops a key whose value is not a string, naming the key but not the value', async () => {
    const lines: string[] = [];
    const env = await withVendorSecrets(
      { SECRETS_ARN: BAD_ARN },
      client,
      createLogger((line) => lines.push(line)),
    );
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('STRIPE_SECRET_KEY');
    // A value no log field could contain by chance (a timestamp once held '42').
    expect(lines[0]).not.toContain('73519886');
  });
});

describe('the secrets a Lambda reads at cold start (withStartupSecrets)', () => {
  const TOKEN_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:receptionist/prod/origin-verify';
  let fake: Awaited<ReturnType<typeof startFakeSecretsManager>>;
  let client: SecretsManagerClient;
  beforeAll(async () => {
    fake = await startFakeSecretsManager(
      { [ARN]: JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_123' }), [TOKEN_ARN]: 'origin-token' },
      { delayMs: 150 },
    );
    client = fake.client();
  });
  afterAll(() => fake.stop());

  it('reads the vendor keys and the origin-verify token of an HTTP function at the same time', async () => {
    const env = await withStartupSecrets(
      { APP_ENV: 'aws', SECRETS_ARN: ARN, ORIGIN_VERIFY_SECRET_ARN: TOKEN_ARN, TABLE_NAME: 't' },
      { httpApi: true, client },
    );
    expect(env).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_123',
      ORIGIN_VERIFY_TOKEN: 'origin-token',
      TABLE_NAME: 't',
    });
    // The token's current and previous versions (rotation, docs/deploy.md), and the vendor keys.
    expect(fake.requests.map((r) => r.body.SecretId).sort()).toEqual([ARN, TOKEN_ARN, TOKEN_ARN].sort());
    // All were being answered at once: the cold start waits one round trip, not three.
    expect(fake.load.maxInFlight).toBe(3);
  });

  it('reads no token for the other functions, and still refuses an HTTP function deployed without one', async () => {
    const before = fake.requests.length;
    const env = await withStartupSecrets(
      { APP_ENV: 'aws', SECRETS_ARN: ARN, ORIGIN_VERIFY_SECRET_ARN: TOKEN_ARN },
      { httpApi: false, client },
    );
    expect(env.ORIGIN_VERIFY_TOKEN).toBeUndefined();
    expect(fake.requests.slice(before).map((r) => r.body.SecretId)).toEqual([ARN]);
    await expect(
      withStartupSecrets({ APP_ENV: 'aws', SECRETS_ARN: ARN }, { httpApi: true, client }),
    ).rejects.toThrow(/ORIGIN_VERIFY_SECRET_ARN is not set/);
  });
});
