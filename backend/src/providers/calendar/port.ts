import type { Hono } from 'hono';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CALENDAR_SERVICES, type CalendarService } from '@shared/calendar';
import { publicBaseUrl, type AppConfig } from '../../platform/config/env';
import { createLocalCalendarEventStore } from '../../local/calendars/local-calendar-events';
import { createLocalOAuthGrantStore } from '../../local/calendars/local-oauth-grants';
import type { CalendarApi } from './calendar-api-types';
import { createGoogleCalendarApi } from './google-calendar-api';
import { createAcuityApi } from './acuity-api';
import { createCalendlyApi } from './calendly-api';
import { createLocalCalendly, LOCAL_CALENDLY_API_BASE } from '../../local/calendars/local-calendly';
import { createLocalAcuityServer, LOCAL_ACUITY_API_BASE } from '../../local/calendars/local-acuity';
import { createLocalCalendarPages } from '../../local/calendars/local-calendar-page';
import {
  createLocalGoogleCalendarServer,
  LOCAL_GOOGLE_CALENDAR_API_BASE,
} from '../../local/calendars/local-google-calendar';
import { createAcuityOAuth } from './acuity';
import { createCalendlyOAuth } from './calendly';
import { createGoogleCalendarOAuth, type VendorOAuthConfig } from './google';
import {
  createLocalCalendarOAuth,
  createLocalOAuthServer,
} from '../../local/calendars/local-calendar-providers';
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
  /**
   * The service's calendar API (availability and events), real or local like its OAuth provider; undefined
   * for a service whose calendar the assistant does not read (yet): it books into the internal calendar.
   */
  apiFor(service: CalendarService): CalendarApi | undefined;
  tokenCipher: TokenCipher;
  /** The local vendors' consent pages and token endpoints; present only when local providers are on. */
  localServer: Hono | undefined;
  /** Lets the local vendors deliver their webhooks (local Calendly's) through the app itself. */
  useLocalDispatch(dispatch: (request: Request) => Promise<Response>): void;
};

const REAL_ADAPTERS: Record<
  CalendarService,
  (config: VendorOAuthConfig, now: () => Date) => CalendarOAuthProvider
> = {
  google_calendar: createGoogleCalendarOAuth,
  calendly: createCalendlyOAuth,
  acuity: createAcuityOAuth,
};

/** The vendors whose calendar the assistant reads and writes, and where their local stand-in answers. */
const CALENDAR_APIS: Partial<
  Record<CalendarService, { create: typeof createGoogleCalendarApi; localBase: string }>
> = {
  google_calendar: { create: createGoogleCalendarApi, localBase: LOCAL_GOOGLE_CALENDAR_API_BASE },
  acuity: { create: createAcuityApi, localBase: LOCAL_ACUITY_API_BASE },
  calendly: { create: createCalendlyApi, localBase: LOCAL_CALENDLY_API_BASE },
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
  let localServer: Hono | undefined;
  let localCalendly: ReturnType<typeof createLocalCalendly> | undefined;
  if (config.localProviders) {
    const grants = createLocalOAuthGrantStore(store.doc, store.tableName, now);
    localServer = createLocalOAuthServer(grants, now);
    const events = createLocalCalendarEventStore(store.doc, store.tableName, now);
    localServer.route('/', createLocalGoogleCalendarServer(grants, events));
    localServer.route('/', createLocalAcuityServer(grants, events));
    localServer.route('/', createLocalCalendarPages(grants, events));
    localCalendly = createLocalCalendly(grants, events, store, { publicBaseUrl: publicBaseUrl(config), now });
    localServer.route('/', localCalendly.server);
  }
  const key = calendarOAuth.tokenEncryptionKey;
  const tokenCipher = key
    ? createTokenCipher(key)
    : config.appEnv === 'aws'
      ? tokenCipherNotConfigured
      : createTokenCipher(localDevelopmentTokenKey());
  const providers = new Map<CalendarService, CalendarOAuthProvider>();
  const apis = new Map<CalendarService, CalendarApi>();
  // Without a key in AWS no service is offered: tokens could not be stored, so the flow answers 503 up front.
  for (const service of tokenCipher === tokenCipherNotConfigured ? [] : CALENDAR_SERVICES) {
    const vendor = calendarOAuth.vendors[service];
    const calendarApi = CALENDAR_APIS[service];
    if (vendor.clientId) {
      providers.set(service, REAL_ADAPTERS[service]({ ...vendor, clientId: vendor.clientId }, now));
      if (calendarApi) apis.set(service, calendarApi.create({ baseUrl: vendor.baseUrl }));
    } else if (localServer) {
      const server = localServer;
      providers.set(service, createLocalCalendarOAuth(service, server, now));
      // The local vendor has no host of its own: its API is answered in-process, in the vendor's wire format.
      if (calendarApi)
        apis.set(
          service,
          calendarApi.create({
            baseUrl: `http://local-calendar.invalid${calendarApi.localBase}`,
            fetch: async (input, init) => server.request(input, init),
          }),
        );
    }
  }
  return {
    forService: (service) => providers.get(service),
    apiFor: (service) => apis.get(service),
    tokenCipher,
    localServer,
    useLocalDispatch: (dispatch) => localCalendly?.useDispatch(dispatch),
  };
}
