import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';

/** The secret holds one JSON object of vendor keys, e.g. {"STRIPE_SECRET_KEY": "sk_…"} (docs/deploy.md). */
const vendorKeysSchema = z.record(z.string().regex(/^[A-Z][A-Z0-9_]*$/), z.string());

type Env = Record<string, string | undefined>;

/**
 * In AWS the vendor keys live in Secrets Manager, never in code or in plain Lambda environment variables.
 * Read once per Lambda instance at cold start and merged under the environment, so a variable set on the
 * function (e.g. a table name) always wins over a same-named key in the secret. Without SECRETS_ARN
 * (locally, in tests) the environment is returned as it is.
 */
export async function withVendorSecrets(env: Env, client?: SecretsManagerClient): Promise<Env> {
  const secretId = env.SECRETS_ARN;
  if (!secretId) return env;
  const secrets = client ?? new SecretsManagerClient({ region: env.AWS_REGION });
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
  const parsed = vendorKeysSchema.safeParse(JSON.parse(SecretString ?? '{}'));
  if (!parsed.success) {
    // Name the offending keys only: the values are secrets.
    const keys = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(
      `The vendor-keys secret must be a JSON object of UPPER_CASE string values (check: ${keys})`,
    );
  }
  return {
    ...parsed.data,
    ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
  };
}
