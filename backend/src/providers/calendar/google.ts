import { createOAuth2Client, vendorEndpoint } from './oauth2-client';

export type VendorOAuthConfig = {
  clientId: string;
  clientSecret: string | undefined;
  /** A test fake's origin in place of the vendor's hosts. */
  baseUrl: string | undefined;
};

/**
 * Google Calendar through Google's OAuth 2 web-server flow. access_type=offline and prompt=consent make
 * Google return a refresh token on every connection (it omits it on re-consent otherwise).
 */
export const createGoogleCalendarOAuth = (config: VendorOAuthConfig, now: () => Date) =>
  createOAuth2Client({
    service: 'google_calendar',
    mode: 'real',
    authorizeEndpoint: vendorEndpoint('https://accounts.google.com/o/oauth2/v2/auth', config.baseUrl),
    tokenEndpoint: vendorEndpoint('https://oauth2.googleapis.com/token', config.baseUrl),
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: ['https://www.googleapis.com/auth/calendar'],
    extraAuthorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    now,
  });
