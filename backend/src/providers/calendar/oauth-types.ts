import type { CalendarService } from '@shared/calendar';

/** Tokens as a vendor's token endpoint returns them; never logged, stored only encrypted. */
export type OAuthTokens = {
  accessToken: string;
  refreshToken: string | undefined;
  /** Epoch milliseconds; undefined when the vendor's tokens do not expire (Acuity). */
  expiresAt: number | undefined;
  scope: string | undefined;
};

/** The vendor refused the request (RFC 6749 §5.2 error, e.g. invalid_grant): retrying will not help. */
export class OAuthGrantError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The vendor could not be reached or failed (network, 5xx, malformed answer): worth retrying later. */
export class OAuthUnavailableError extends Error {}

/**
 * Errors that refuse our own client credentials (an expired, rotated or mistyped client secret: Microsoft
 * issues secrets that expire), not the owner's grant: every owner's request fails alike until the operator
 * fixes the deployment, and no owner can help by reconnecting.
 */
const CLIENT_CREDENTIAL_ERRORS = new Set(['invalid_client', 'unauthorized_client']);

export const refusesOurClient = (error: unknown): boolean =>
  error instanceof OAuthGrantError && CLIENT_CREDENTIAL_ERRORS.has(error.code);

/** One calendar vendor's OAuth 2 authorization-code flow with PKCE (RFC 6749, RFC 7636). */
export interface CalendarOAuthProvider {
  readonly service: CalendarService;
  /** 'real' talks to the vendor; 'local' to the local consent page and token endpoint of this app. */
  readonly mode: 'real' | 'local';
  /** `loginHint`: the owner's e-mail, so the vendor preselects that account (Google's login_hint). */
  authorizationUrl(request: {
    state: string;
    codeChallenge: string;
    redirectUri: string;
    loginHint?: string | undefined;
  }): string;
  exchangeCode(request: { code: string; codeVerifier: string; redirectUri: string }): Promise<OAuthTokens>;
  refresh(refreshToken: string): Promise<OAuthTokens>;
}
