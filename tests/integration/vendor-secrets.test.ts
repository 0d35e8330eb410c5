import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withVendorSecrets } from '../../backend/src/config/vendor-secrets';
import { startFakeSecretsManager } from '../fakes/secrets-manager/fake-secrets-manager';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:receptionist/prod/vendor-keys-AbCdEf';
const BAD_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:bad';

describe('vendor keys from Secrets Manager (real SDK against a local fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeSecretsManager>>;
  let client: SecretsManagerClient;
  beforeAll(async () => {
    fake = await startFakeSecretsManager({
      [ARN]: JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_123', TABLE_NAME: 'from-secret' }),
      [BAD_ARN]: JSON.stringify({ STRIPE_SECRET_KEY: 42 }),
    });
    client = new SecretsManagerClient({
      region: 'us-east-1',
      endpoint: fake.endpoint,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
  });
  afterAll(() => fake.stop());

  it('merges the secret under the environment: function variables win', async () => {
    const env = await withVendorSecrets({ SECRETS_ARN: ARN, TABLE_NAME: 'from-env' }, client);
    expect(env.STRIPE_SECRET_KEY).toBe('sk_test_123');
    expect(env.TABLE_NAME).toBe('from-env');
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

  it('refuses a malformed secret, naming the key but not the value', async () => {
    await expect(withVendorSecrets({ SECRETS_ARN: BAD_ARN }, client)).rejects.toThrow(/STRIPE_SECRET_KEY/);
    await expect(withVendorSecrets({ SECRETS_ARN: BAD_ARN }, client)).rejects.not.toThrow(/42/);
  });
});
