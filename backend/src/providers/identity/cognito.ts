import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { IdentityError, type IdentityAdmin } from './types';

type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

export type CognitoAdminOptions = {
  /** The Cognito endpoint: `https://cognito-idp.<region>.amazonaws.com`, or cognito-local's address. */
  endpoint: string;
  region: string;
  userPoolId: string;
  /** The caller's AWS credentials (the Lambda role's); cognito-local accepts any. */
  credentials: () => Promise<Credentials>;
  timeoutMs?: number;
};

/** SHA-256 for the SigV4 signer, on node:crypto (the AWS SDK's own hash packages are not dependencies). */
class Sha256 {
  private hash: Hash | Hmac;
  private readonly secret: string | Buffer | undefined;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.secret =
      secret === undefined || typeof secret === 'string'
        ? secret
        : ArrayBuffer.isView(secret)
          ? Buffer.from(secret.buffer, secret.byteOffset, secret.byteLength)
          : Buffer.from(secret);
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', this.secret);
  }
  update(chunk: string | Uint8Array) {
    this.hash.update(chunk);
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {
    this.hash = this.fresh();
  }
}

/** Errors that mean "already done": the user is gone, so there is nothing left to sign out or delete. */
const ALREADY_GONE = new Set(['UserNotFoundException']);

/**
 * Cognito's admin API over its JSON 1.1 protocol (`X-Amz-Target: AWSCognitoIdentityProviderService.<Op>`),
 * signed with SigV4. A direct call rather than @aws-sdk/client-cognito-identity-provider, which is not a
 * dependency of the project (and adding one breaks every parallel checkout's lockfile): two operations
 * need nothing more.
 */
export function createCognitoIdentityAdmin(options: CognitoAdminOptions): IdentityAdmin {
  const url = new URL(options.endpoint);
  const signer = new SignatureV4({
    service: 'cognito-idp',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
  });

  async function call(operation: string, body: Record<string, unknown>): Promise<void> {
    const payload = JSON.stringify(body);
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: '/',
      query: {},
      headers: {
        host: url.host,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: payload,
    });
    let response: Response;
    try {
      response = await fetch(new URL('/', url), {
        method: 'POST',
        headers: signed.headers,
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new IdentityError(`Identity service unreachable (${operation}): ${(error as Error).message}`);
    }
    if (response.ok) return;
    const failure = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
    const code = failure.__type?.split('#').pop();
    if (code && ALREADY_GONE.has(code)) return;
    throw new IdentityError(`Identity service refused ${operation}: ${code ?? response.status}`, code);
  }

  return {
    signOutEverywhere: (username) =>
      call('AdminUserGlobalSignOut', { UserPoolId: options.userPoolId, Username: username }),
    deleteUser: (username) => call('AdminDeleteUser', { UserPoolId: options.userPoolId, Username: username }),
  };
}
