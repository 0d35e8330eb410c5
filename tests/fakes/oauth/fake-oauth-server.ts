import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedTokenRequest = {
  path: string;
  contentType: string | undefined;
  form: Record<string, string>;
};

type FakeOptions = {
  clientId: string;
  clientSecret: string;
  /** The vendor's token path, e.g. Google '/token', Calendly '/oauth/token', Acuity '/oauth2/token'. */
  tokenPath: string;
  /** Seconds an access token lives; undefined for vendors whose tokens never expire (Acuity). */
  expiresIn: number | undefined;
  /** Whether the vendor issues refresh tokens at all. */
  issuesRefreshTokens: boolean;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A vendor's OAuth 2 token endpoint on the wire (RFC 6749 + RFC 7636): form-encoded requests, JSON answers,
 * error codes. approve() stands in for the person pressing Allow on the vendor's consent screen.
 */
export async function startFakeOAuthServer(options: FakeOptions) {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const refreshTokens = new Set<string>();
  const tokenRequests: RecordedTokenRequest[] = [];
  const token = () => randomBytes(24).toString('base64url');

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || path !== options.tokenPath) return reply(404, { error: 'not_found' });
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    tokenRequests.push({ path, contentType: request.headers['content-type'], form });
    if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret) {
      return reply(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const issue = (withRefresh: boolean) => {
      const refreshToken = withRefresh && options.issuesRefreshTokens ? token() : undefined;
      if (refreshToken) refreshTokens.add(refreshToken);
      return reply(200, {
        access_token: token(),
        token_type: 'Bearer',
        ...(options.expiresIn ? { expires_in: options.expiresIn } : {}),
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: 'granted-scope',
      });
    };
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!grant || grant.redirectUri !== form.redirect_uri) {
        return reply(400, { error: 'invalid_grant', error_description: 'Bad code' });
      }
      const challenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== grant.challenge) {
        return reply(400, { error: 'invalid_grant', error_description: 'code_verifier mismatch' });
      }
      return issue(true);
    }
    if (form.grant_type === 'refresh_token') {
      if (!refreshTokens.has(form.refresh_token ?? '')) {
        return reply(400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      }
      return issue(false);
    }
    return reply(400, { error: 'unsupported_grant_type' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tokenRequests,
    /** The person allows access on the vendor's page: a code bound to the URL's challenge and redirect URI. */
    approve(authorizeUrl: string) {
      const params = new URL(authorizeUrl).searchParams;
      const code = token();
      codes.set(code, { challenge: params.get('code_challenge')!, redirectUri: params.get('redirect_uri')! });
      return code;
    },
    revokeAll: () => refreshTokens.clear(),
    /** Stops the fake: later requests fail as if the vendor were unreachable. */
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeOAuthServer = Awaited<ReturnType<typeof startFakeOAuthServer>>;
