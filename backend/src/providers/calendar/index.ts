import type { Hono } from 'hono';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CALENDAR_SERVICES, type CalendarService } from '@shared/calendar';
import type { AppConfig } from '../../config/env';
import { createLocalOAuthGrantStore } from '../../data/local-oauth-grants';
import { createAcuityOAuth } from './acuity';
import { createCalendlyOAuth } from './calendly';
import { createGoogleCalendarOAuth, type VendorOAuthConfig } from './google';
import { createLocalCalendarOAuth, createLocalOAuthServer } from './local';
import type { CalendarOAuthProvider } from './oauth-types';
import {
  createTokenCipher,
  localDevelopmentTokenKey,
  tokenCipherNotConfigured,
  type TokenCipher,
} from './token-cipher';

export type CalendarProviders = {
  /** The service's provider, or undefined when it is neither configured nor run locally. */
  forService(service: CalendarService): CalendarOAuthProvider | undefined;
  tokenCipher: TokenCipher;
  /** The local vendors' consent pages and token endpoints; present only when local providers are on. */
  localServer: Hono | undefined;
};

const REAL_ADAPTERS: Record<
  CalendarService,
  (config: VendorOAuthConfig, now: () => Date) => CalendarOAuthProvider
> = {
  google_calendar: createGoogleCalendarOAuth,
  calendly: createCalendlyOAuth,
  acuity: createAcuityOAuth,
};

/**
 * Each service is real when its client id is configured, else local when local providers are on, else
 * unavailable. Tokens are sealed with TOKEN_ENCRYPTION_KEY; outside AWS a public development key stands in.
 */
export function createCalendarProviders(
  config: AppConfig,
  store: { doc: DynamoDBDocumentClient; tableName: string },
  now: () => Date,
): CalendarProviders {
  const { calendarOAuth } = config;
  const localServer = config.localProviders
    ? createLocalOAuthServer(createLocalOAuthGrantStore(store.doc, store.tableName, now), now)
    : undefined;
  const key = calendarOAuth.tokenEncryptionKey;
  const tokenCipher = key
    ? createTokenCipher(key)
    : config.appEnv === 'aws'
      ? tokenCipherNotConfigured
      : createTokenCipher(localDevelopmentTokenKey());
  const providers = new Map<CalendarService, CalendarOAuthProvider>();
  // Without a key in AWS no service is offered: tokens could not be stored, so the flow answers 503 up front.
  for (const service of tokenCipher === tokenCipherNotConfigured ? [] : CALENDAR_SERVICES) {
    const vendor = calendarOAuth.vendors[service];
    if (vendor.clientId) {
      providers.set(service, REAL_ADAPTERS[service]({ ...vendor, clientId: vendor.clientId }, now));
    } else if (localServer) {
      providers.set(service, createLocalCalendarOAuth(service, localServer, now));
    }
  }
  return { forService: (service) => providers.get(service), tokenCipher, localServer };
}
