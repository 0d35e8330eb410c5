import type { CalendarService } from '@shared/calendar';
import {
  OAuthGrantError,
  OAuthUnavailableError,
  type CalendarOAuthProvider,
  type OAuthTokens,
} from './oauth-types';

export type OAuth2ClientOptions = {
  service: CalendarService;
  mode: 'real' | 'local';
  /** Absolute, or a path resolved against the redirect URI's origin (the local vendor lives on our API). */
  authorizeEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: readonly string[];
  /** Vendor extras on the authorize URL, e.g. Google's access_type=offline for a refresh token. */
  extraAuthorizeParams?: Record<string, string>;
  /** Vendor extras on a refresh request, e.g. Microsoft's scope (its v2.0 endpoint documents it as required). */
  extraRefreshParams?: Record<string, string>;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  now: () => Date;
  /** Base for relative token endpoints (set by the local vendor, which has no host of its own). */
  tokenBaseUrl?: string;
};

const TOKEN_REQUEST_TIMEOUT_MS = 10_000;

type TokenResponse = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
};

/** An OAuth 2 client for the authorization-code grant with PKCE, shared by every vendor adapter. */
export function createOAuth2Client(options: OAuth2ClientOptions): CalendarOAuthProvider {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));

  async function tokenRequest(form: Record<string, string>): Promise<OAuthTokens> {
    const body = new URLSearchParams({
      ...form,
      client_id: options.clientId,
      ...(options.clientSecret ? { client_secret: options.clientSecret } : {}),
    });
    const url = new URL(options.tokenEndpoint, options.tokenBaseUrl).toString();
    let response: Response;
    try {
      response = await fetchFn(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: body.toString(),
        signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new OAuthUnavailableError(`Token endpoint unreachable: ${(error as Error).message}`);
    }
    let payload: TokenResponse;
    try {
      payload = (await response.json()) as TokenResponse;
    } catch {
      throw new OAuthUnavailableError(`Token endpoint answered ${response.status} without JSON`);
    }
    if (response.status >= 400 && response.status < 500 && typeof payload.error === 'string') {
      const description = typeof payload.error_description === 'string' ? payload.error_description : '';
      throw new OAuthGrantError(payload.error, description || payload.error);
    }
    if (!response.ok || typeof payload.access_token !== 'string' || !payload.access_token) {
      throw new OAuthUnavailableError(`Token endpoint answered ${response.status} without an access token`);
    }
    const expiresIn = Number(payload.expires_in);
    return {
      accessToken: payload.access_token,
      refreshToken: typeof payload.refresh_token === 'string' ? payload.refresh_token : undefined,
      expiresAt:
        Number.isFinite(expiresIn) && expiresIn > 0 ? options.now().getTime() + expiresIn * 1000 : undefined,
      scope: typeof payload.scope === 'string' ? payload.scope : undefined,
    };
  }

  return {
    service: options.service,
    mode: options.mode,
    authorizationUrl({ state, codeChallenge, redirectUri, loginHint }) {
      const url = new URL(options.authorizeEndpoint, redirectUri);
      const params = {
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        ...(options.scopes.length > 0 ? { scope: options.scopes.join(' ') } : {}),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        ...options.extraAuthorizeParams,
        ...(loginHint ? { login_hint: loginHint } : {}),
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url.toString();
    },
    exchangeCode: ({ code, codeVerifier, redirectUri }) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),
    refresh: (refreshToken) =>
      tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        ...options.extraRefreshParams,
      }),
  };
}

/** A vendor endpoint on its production host, or on a test fake's host (same path) when a base URL is set. */
export const vendorEndpoint = (defaultUrl: string, baseUrl: string | undefined) => {
  if (!baseUrl) return defaultUrl;
  const { pathname } = new URL(defaultUrl);
  return new URL(pathname, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
};
