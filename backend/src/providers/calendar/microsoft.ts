import type { VendorOAuthConfig } from './google';
import { createOAuth2Client, vendorEndpoint } from './oauth2-client';

/** The delegated Graph permissions asked for; offline_access is what makes Microsoft issue refresh tokens. */
export const MICROSOFT_SCOPES = ['offline_access', 'Calendars.ReadWrite', 'User.Read'] as const;

/** What Microsoft's authorize and refresh requests carry beyond plain OAuth 2 (the local stand-in's too). */
export const MICROSOFT_AUTHORIZE_PARAMS = { response_mode: 'query', prompt: 'select_account' } as const;
export const MICROSOFT_REFRESH_PARAMS = { scope: MICROSOFT_SCOPES.join(' ') } as const;

/**
 * Outlook / Microsoft 365 through the Microsoft identity platform's v2.0 authorization-code flow with PKCE,
 * on the `common` tenant so both personal and work or school accounts can connect. prompt=select_account
 * lets an owner signed in to several accounts pick the one whose calendar the assistant uses. Microsoft
 * rotates refresh tokens: each refresh answers a new one, which connection-tokens.ts stores every time.
 */
export const createMicrosoftCalendarOAuth = (config: VendorOAuthConfig, now: () => Date) =>
  createOAuth2Client({
    service: 'outlook_calendar',
    mode: 'real',
    authorizeEndpoint: vendorEndpoint(
      'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      config.baseUrl,
    ),
    tokenEndpoint: vendorEndpoint(
      'https://login.microsoftonline.com/common/oauth2/v2.0/token',
      config.baseUrl,
    ),
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: MICROSOFT_SCOPES,
    extraAuthorizeParams: MICROSOFT_AUTHORIZE_PARAMS,
    extraRefreshParams: MICROSOFT_REFRESH_PARAMS,
    now,
  });
