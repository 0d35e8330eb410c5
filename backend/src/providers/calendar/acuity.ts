import type { VendorOAuthConfig } from './google';
import { createOAuth2Client, vendorEndpoint } from './oauth2-client';

/**
 * Acuity Scheduling's OAuth 2 (scope api-v1). Its access tokens do not expire and come without a refresh
 * token, so an Acuity connection stays 'connected' until the owner revokes it.
 */
export const createAcuityOAuth = (config: VendorOAuthConfig, now: () => Date) =>
  createOAuth2Client({
    service: 'acuity',
    mode: 'real',
    authorizeEndpoint: vendorEndpoint('https://acuityscheduling.com/oauth2/authorize', config.baseUrl),
    tokenEndpoint: vendorEndpoint('https://acuityscheduling.com/oauth2/token', config.baseUrl),
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scopes: ['api-v1'],
    now,
  });
