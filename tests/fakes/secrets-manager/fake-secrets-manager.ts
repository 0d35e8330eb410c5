import http from 'node:http';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Secrets Manager JSON API (`X-Amz-Target: secretsmanager.GetSecretValue`), enough for
 * the SDK client to run against it unchanged.
 */
export async function startFakeSecretsManager(
  secrets: Record<string, string>,
  /** How long each answer takes, like a network round trip; `maxInFlight` then shows overlapping reads. */
  options: { delayMs?: number } = {},
) {
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
      const body = JSON.parse(raw || '{}') as { SecretId?: string };
      requests.push({ target, body });
      res.setHeader('Content-Type', 'application/x-amz-json-1.1');
      const secret = body.SecretId ? secrets[body.SecretId] : undefined;
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
