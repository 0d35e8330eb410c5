import http from 'node:http';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { AddressInfo } from 'node:net';

/** A secret's versions by staging label, as Secrets Manager keeps them. */
type Versions = { AWSCURRENT: string; AWSPREVIOUS?: string };

/**
 * A local fake of the Secrets Manager JSON API (`X-Amz-Target: secretsmanager.GetSecretValue`), enough for
 * the SDK client to run against it unchanged. A secret is a string (its AWSCURRENT version) or its versions
 * by staging label; `VersionStage` picks one (AWSCURRENT by default), and a label the secret lacks is
 * ResourceNotFoundException, as in AWS. `putSecretValue` moves the labels as `put-secret-value` does.
 */
export async function startFakeSecretsManager(
  initial: Record<string, string | Versions>,
  /** How long each answer takes, like a network round trip; `maxInFlight` then shows overlapping reads. */
  options: { delayMs?: number } = {},
) {
  const secrets: Record<string, Versions> = Object.fromEntries(
    Object.entries(initial).map(([id, value]) => [
      id,
      typeof value === 'string' ? { AWSCURRENT: value } : value,
    ]),
  );
  const requests: Array<{ target: string; body: Record<string, unknown> }> = [];
  const load = { inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    load.inFlight += 1;
    load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
    res.on('finish', () => (load.inFlight -= 1));
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => setTimeout(answer, options.delayMs ?? 0));
    const answer = () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const body = JSON.parse(raw || '{}') as { SecretId?: string; VersionStage?: string };
      requests.push({ target, body });
      res.setHeader('Content-Type', 'application/x-amz-json-1.1');
      const stage = (body.VersionStage ?? 'AWSCURRENT') as keyof Versions;
      const secret = body.SecretId ? secrets[body.SecretId]?.[stage] : undefined;
      if (target !== 'secretsmanager.GetSecretValue' || secret === undefined) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            __type: 'ResourceNotFoundException',
            message: "Secrets Manager can't find the specified secret.",
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({ ARN: body.SecretId, Name: 'vendor-keys', SecretString: secret, VersionId: 'v1' }),
      );
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The endpoint, e.g. for AWS_ENDPOINT_URL_SECRETS_MANAGER in a process that builds its own client. */
    url: `http://127.0.0.1:${port}`,
    requests,
    load,
    /** What `aws secretsmanager put-secret-value` does: the new value is AWSCURRENT, the old AWSPREVIOUS. */
    putSecretValue(secretId: string, value: string) {
      const old = secrets[secretId];
      secrets[secretId] = { AWSCURRENT: value, ...(old ? { AWSPREVIOUS: old.AWSCURRENT } : {}) };
    },
    /** The real SDK client, pointed at this fake. */
    client: () =>
      new SecretsManagerClient({
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
