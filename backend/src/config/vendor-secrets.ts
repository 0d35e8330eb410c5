import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createLogger, type Logger } from '../logging/logger';
import { isVendorKey } from './vendor-keys';

type Env = Record<string, string | undefined>;

/**
 * In AWS the vendor keys live in Secrets Manager, never in code or in plain Lambda environment variables.
 * Read once per Lambda instance at cold start and merged under the environment. Only the vendor keys of
 * vendor-keys.ts are taken from the secret: anything else in it (LOCAL_PROVIDERS, a table name, a vendor
 * base URL) is ignored and named in one log line, so the secret can never switch the app to local fakes.
 * A key whose value is not a string is dropped the same way; its provider then answers 503 naming it.
 * Without SECRETS_ARN (locally, in tests) the environment is returned as it is.
 */
export async function withVendorSecrets(
  env: Env,
  client?: SecretsManagerClient,
  logger: Logger = createLogger(),
): Promise<Env> {
  const secretId = env.SECRETS_ARN;
  if (!secretId) return env;
  const secrets = client ?? new SecretsManagerClient({ region: env.AWS_REGION });
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(SecretString ?? '{}');
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    logger.error('Vendor-keys secret is not a JSON object; no vendor keys loaded', { secret: secretId });
    return env;
  }
  const taken: Env = {};
  const ignored: string[] = [];
  const notStrings: string[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (!isVendorKey(key)) ignored.push(key);
    else if (typeof value !== 'string') notStrings.push(key);
    else taken[key] = value;
  }
  // Names only: the values are secrets.
  if (ignored.length > 0)
    logger.warn('Vendor-keys secret holds keys that are not vendor keys; ignored', { keys: ignored });
  if (notStrings.length > 0)
    logger.error('Vendor-keys secret values must be strings; dropped', { keys: notStrings });
  return {
    ...taken,
    ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
  };
}
