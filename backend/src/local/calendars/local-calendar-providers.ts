import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { isCalendarService, type CalendarService } from '@shared/calendar';
import type { LocalOAuthGrantStore } from './local-oauth-grants';
import { consentErrorPage, consentPage } from './local-consent-page';
import { createOAuth2Client } from '../../providers/calendar/oauth2-client';
import { codeChallengeS256 } from '../../providers/calendar/pkce';
import type { CalendarOAuthProvider } from '../../providers/calendar/oauth-types';
import { MICROSOFT_AUTHORIZE_PARAMS, MICROSOFT_REFRESH_PARAMS } from '../../providers/calendar/microsoft';

/** The vendor extras our real clients send (microsoft.ts), sent to the local vendors too. */
const LOCAL_CLIENT_EXTRAS: Partial<
  Record<CalendarService, { authorize: Record<string, string>; refresh: Record<string, string> }>
> = {
  outlook_calendar: { authorize: MICROSOFT_AUTHORIZE_PARAMS, refresh: MICROSOFT_REFRESH_PARAMS },
};

/** The local vendors' registered client; public on purpose, it guards nothing but local data. */
export const LOCAL_OAUTH_CLIENT = {
  id: 'ringly-local-client',
  secret: 'ringly-local-client-secret',
} as const;
export const LOCAL_ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const LOCAL_CODE_TTL_SECONDS = 5 * 60;

/** The scopes each local vendor asks for, as the real consent screens word them. */
export const LOCAL_SCOPES: Record<CalendarService, ReadonlyArray<{ scope: string; description: string }>> = {
  google_calendar: [
    {
      scope: 'https://www.googleapis.com/auth/calendar',
      description: 'See, edit, share and permanently delete all the calendars you can access',
    },
  ],
  outlook_calendar: [
    { scope: 'offline_access', description: 'Maintain access to data you have given it access to' },
    { scope: 'Calendars.ReadWrite', description: 'Have full access to your calendars' },
    { scope: 'User.Read', description: 'Sign you in and read your profile' },
  ],
  calendly: [{ scope: 'default', description: 'View and manage your scheduling links and events' }],
  acuity: [{ scope: 'api-v1', description: 'View and manage your appointments and availability' }],
};

/**
 * The services that follow Microsoft's rules where they differ from Google's: every refresh answers a new
 * refresh token (the old one keeps working until it lapses, as Microsoft's do), and errors carry an AADSTS
 * code in their description.
 */
const MICROSOFT_RULES: ReadonlySet<string> = new Set<CalendarService>(['outlook_calendar']);
const MICROSOFT_ERROR_CODES: Partial<Record<TokenError, string>> = {
  invalid_grant: 'AADSTS70000',
  invalid_client: 'AADSTS7000215',
  invalid_request: 'AADSTS900144',
  unsupported_grant_type: 'AADSTS70003',
};

export const localOAuthPaths = (service: string) => ({
  authorize: `/local/oauth/${service}/authorize`,
  token: `/local/oauth/${service}/token`,
  revoke: `/local/oauth/${service}/revoke`,
});

const opaqueToken = () => randomBytes(32).toString('base64url');

/** Grants stored before local accounts existed open this one calendar. */
const LEGACY_LOCAL_ACCOUNT = 'calendar@local.test';

/** A local vendor account: the e-mail the app hinted (the owner's), else a fresh one. */
const localAccountFor = (hint: string | undefined) =>
  hint && /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}$/.test(hint)
    ? hint.toLowerCase()
    : `calendar-${randomBytes(4).toString('hex')}@local.test`;

/**
 * The one registered redirect URI: our own callback on the API that serves this consent page, exactly —
 * no other host, port, path, query or fragment (issue 10 §10), so a code can never be sent elsewhere. The
 * local API may run on any port, so "our own" is the origin the consent request reached.
 */
export const registeredRedirectUri = (service: string, apiOrigin: string) =>
  `${apiOrigin}/oauth/${service}/callback`;

type TokenError = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';
const tokenError = (c: Context, error: TokenError, description: string) => {
  const aadsts = MICROSOFT_RULES.has(c.req.param('service') ?? '') && MICROSOFT_ERROR_CODES[error];
  return aadsts
    ? c.json(
        { error, error_description: `${aadsts}: ${description}`, error_codes: [Number(aadsts.slice(6))] },
        error === 'invalid_client' ? 401 : 400,
      )
    : c.json({ error, error_description: description }, error === 'invalid_client' ? 401 : 400);
};

const redirectWith = (redirectUri: string, params: Record<string, string>) => {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
};

/**
 * The local calendar vendors' authorization servers: a consent page and a token endpoint per service that
 * behave like Google's, Calendly's and Acuity's (one-time codes bound to the PKCE challenge and redirect URI,
 * refresh tokens until revoked, RFC 6749 error codes), so our callback runs the real flow against them.
 */
export function createLocalOAuthServer(grants: LocalOAuthGrantStore, now: () => Date): Hono {
  const server = new Hono();

  /** Checks an authorize request; the error says whether it may be reported back to the redirect URI. */
  const checkAuthorizeRequest = (
    service: string,
    params: Record<string, string | undefined>,
    apiOrigin: string,
  ) => {
    if (!isCalendarService(service)) return { fatal: `Unknown service ${service}` } as const;
    if (params.client_id !== LOCAL_OAUTH_CLIENT.id) return { fatal: 'Unknown client_id' } as const;
    if (params.redirect_uri !== registeredRedirectUri(service, apiOrigin)) {
      return { fatal: 'redirect_uri is not registered for this client' } as const;
    }
    if (params.response_type !== 'code') return { redirectError: 'unsupported_response_type' } as const;
    if (!params.state) return { redirectError: 'invalid_request' } as const;
    if (params.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge ?? '')) {
      return { redirectError: 'invalid_request' } as const;
    }
    return { service, redirectUri: params.redirect_uri } as const;
  };

  server.get('/local/oauth/:service/authorize', (c) => {
    const params = c.req.query();
    const checked = checkAuthorizeRequest(c.req.param('service'), params, new URL(c.req.url).origin);
    if ('fatal' in checked) return c.html(consentErrorPage(checked.fatal!), 400);
    if ('redirectError' in checked) {
      return c.redirect(
        redirectWith(params.redirect_uri!, { error: checked.redirectError!, state: params.state ?? '' }),
      );
    }
    const fields = [
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
      'code_challenge',
      'login_hint',
    ];
    const hidden = Object.fromEntries(fields.map((name) => [name, params[name] ?? '']));
    return c.html(
      consentPage(checked.service, LOCAL_SCOPES[checked.service], {
        ...hidden,
        code_challenge_method: 'S256',
      }),
    );
  });

  server.post('/local/oauth/:service/authorize', async (c) => {
    const form = Object.fromEntries(
      Object.entries(await c.req.parseBody()).map(([name, value]) => [name, String(value)]),
    );
    const checked = checkAuthorizeRequest(c.req.param('service'), form, new URL(c.req.url).origin);
    if ('fatal' in checked) return c.html(consentErrorPage(checked.fatal!), 400);
    if ('redirectError' in checked) {
      return c.redirect(
        redirectWith(form.redirect_uri!, { error: checked.redirectError!, state: form.state ?? '' }),
      );
    }
    if (form.decision !== 'allow') {
      return c.redirect(
        redirectWith(checked.redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied access',
          state: form.state!,
        }),
      );
    }
    const code = opaqueToken();
    await grants.saveCode(checked.service, code, {
      client_id: LOCAL_OAUTH_CLIENT.id,
      redirect_uri: checked.redirectUri,
      code_challenge: form.code_challenge!,
      scope: form.scope ?? '',
      expires_at: Math.floor(now().getTime() / 1000) + LOCAL_CODE_TTL_SECONDS,
      // The vendor account that consents: the hinted one, as Google preselects it, else a new local one.
      account: localAccountFor(form.login_hint),
    });
    return c.redirect(redirectWith(checked.redirectUri, { code, state: form.state! }));
  });

  server.post('/local/oauth/:service/token', async (c) => {
    const service = c.req.param('service');
    const form = Object.fromEntries(
      Object.entries(await c.req.parseBody()).map(([name, value]) => [name, String(value)]),
    );
    if (!isCalendarService(service)) return tokenError(c, 'invalid_request', 'Unknown service');
    if (form.client_id !== LOCAL_OAUTH_CLIENT.id || form.client_secret !== LOCAL_OAUTH_CLIENT.secret) {
      return tokenError(c, 'invalid_client', 'Client authentication failed');
    }
    const issue = async (scope: string, account: string, refreshToken?: string) => {
      const rotate = refreshToken !== undefined && MICROSOFT_RULES.has(service);
      const kept = rotate ? undefined : refreshToken;
      const newRefreshToken = kept ?? opaqueToken();
      if (!kept) {
        await grants.saveRefreshToken(service, newRefreshToken, {
          client_id: LOCAL_OAUTH_CLIENT.id,
          scope,
          account,
        });
      }
      const accessToken = opaqueToken();
      await grants.saveAccessToken(service, accessToken, {
        account,
        scope,
        expires_at: Math.floor(now().getTime() / 1000) + LOCAL_ACCESS_TOKEN_TTL_SECONDS,
        refresh_hash: grants.hashOf(newRefreshToken),
      });
      return c.json({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: LOCAL_ACCESS_TOKEN_TTL_SECONDS,
        scope,
        ...(kept ? {} : { refresh_token: newRefreshToken }),
      });
    };

    if (form.grant_type === 'authorization_code') {
      if (!form.code || !form.redirect_uri)
        return tokenError(c, 'invalid_request', 'code and redirect_uri are required');
      if (!form.code_verifier) return tokenError(c, 'invalid_request', 'code_verifier is required');
      const grant = await grants.takeCode(service, form.code);
      if (!grant) return tokenError(c, 'invalid_grant', 'The code is invalid, expired or already used');
      if (grant.redirect_uri !== form.redirect_uri)
        return tokenError(c, 'invalid_grant', 'redirect_uri mismatch');
      if (codeChallengeS256(form.code_verifier) !== grant.code_challenge) {
        return tokenError(c, 'invalid_grant', 'PKCE verification failed: code_verifier does not match');
      }
      return issue(grant.scope, grant.account ?? LEGACY_LOCAL_ACCOUNT);
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token) return tokenError(c, 'invalid_request', 'refresh_token is required');
      const grant = await grants.getRefreshToken(service, form.refresh_token);
      if (!grant) return tokenError(c, 'invalid_grant', 'The refresh token is invalid or revoked');
      return issue(grant.scope, grant.account ?? LEGACY_LOCAL_ACCOUNT, form.refresh_token);
    }
    return tokenError(c, 'unsupported_grant_type', 'Only authorization_code and refresh_token are supported');
  });

  /** RFC 7009: revoking answers 200 whether or not the token existed. */
  server.post('/local/oauth/:service/revoke', async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form.token === 'string' ? form.token : '';
    if (token) await grants.revokeRefreshToken(c.req.param('service'), token);
    return c.body(null, 200);
  });

  return server;
}

/** Our client of a local vendor: the same OAuth 2 client as the real adapters, wired to the local server. */
export const createLocalCalendarOAuth = (
  service: CalendarService,
  server: Hono,
  now: () => Date,
): CalendarOAuthProvider =>
  createOAuth2Client({
    service,
    mode: 'local',
    authorizeEndpoint: localOAuthPaths(service).authorize,
    tokenEndpoint: localOAuthPaths(service).token,
    // The local vendor has no host of its own: its token endpoint is answered in-process, over the same
    // form-encoded wire format a real vendor receives.
    tokenBaseUrl: 'http://local-oauth.invalid',
    fetch: async (input, init) => server.request(input, init),
    clientId: LOCAL_OAUTH_CLIENT.id,
    clientSecret: LOCAL_OAUTH_CLIENT.secret,
    scopes: LOCAL_SCOPES[service].map((s) => s.scope),
    extraAuthorizeParams: LOCAL_CLIENT_EXTRAS[service]?.authorize,
    extraRefreshParams: LOCAL_CLIENT_EXTRAS[service]?.refresh,
    now,
  });
