import type { VendorOAuthConfig } from './google';
import { createOAuth2Client, vendorEndpoint } from './oauth2-client';

/** Calendly's OAuth 2 (auth.calendly.com): PKCE supported; access tokens last two hours and refresh. */
export const createCalendlyOAuth = (config: VendorOAuthConfig, now: () => Date) =>
  createOAuth2Client({
    service: 'calendly',
    mode: 'real',
    authorizeEndpoint: vendorEndpoint('https://auth.calendly.com/oauth/authorize', config.baseUrl),
    tokenEndpoint: vendorEndpoint('https://auth.calendly.com/oauth/token', config.baseUrl),
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: [],
    now,
  });
