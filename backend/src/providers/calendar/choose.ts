import { CALENDAR_SERVICES, type CalendarService } from '@shared/calendar';
import type { AppConfig } from '../../platform/config/env';
import type { CalendarApi } from './calendar-api-types';
import { createGoogleCalendarApi } from './google-calendar-api';
import { createAcuityApi } from './acuity-api';
import { createCalendlyApi } from './calendly-api';
import { createAcuityOAuth } from './acuity';
import { createCalendlyOAuth } from './calendly';
import { createGoogleCalendarOAuth, type VendorOAuthConfig } from './google';
import { createMicrosoftCalendarOAuth } from './microsoft';
import { createMicrosoftGraphApi } from './microsoft-graph-api';
import type { CalendarOAuthProvider } from './oauth-types';
import type { CalendarProviders, CalendarStandIn } from './port';
import { createTokenCipher, localDevelopmentTokenKey, tokenCipherNotConfigured } from './token-cipher';

const REAL_ADAPTERS: Record<
  CalendarService,
  (config: VendorOAuthConfig, now: () => Date) => CalendarOAuthProvider
> = {
  google_calendar: createGoogleCalendarOAuth,
  outlook_calendar: createMicrosoftCalendarOAuth,
  calendly: createCalendlyOAuth,
  acuity: createAcuityOAuth,
};

/** The vendors whose calendar the assistant reads and writes, and where their local stand-in answers. */
const CALENDAR_APIS: Partial<Record<CalendarService, typeof createGoogleCalendarApi>> = {
  google_calendar: createGoogleCalendarApi,
  outlook_calendar: createMicrosoftGraphApi,
  acuity: createAcuityApi,
  calendly: createCalendlyApi,
};

/**
 * Each service is real when its client id is configured, else local when local providers are on, else
 * unavailable. Tokens are sealed with TOKEN_ENCRYPTION_KEY; outside AWS a public development key stands in.
 */
export function createCalendarProviders(
  config: AppConfig,
  now: () => Date,
  standIn?: CalendarStandIn,
): CalendarProviders {
  const { calendarOAuth } = config;
  // Local vendors only in local mode, and only where a local entry point handed them in.
  const local = config.localProviders ? standIn : undefined;
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
      if (calendarApi) apis.set(service, calendarApi({ baseUrl: vendor.baseUrl }));
    } else if (local) {
      const server = local.server;
      providers.set(service, local.oauth(service));
      // The local vendor has no host of its own: its API is answered in-process, in the vendor's wire format.
      if (calendarApi)
        apis.set(
          service,
          calendarApi({
            baseUrl: `http://local-calendar.invalid${local.apiBase[service] ?? ''}`,
            fetch: async (input, init) => server.request(input, init),
          }),
        );
    }
  }
  return {
    forService: (service) => providers.get(service),
    apiFor: (service) => apis.get(service),
    tokenCipher,
    localServer: local?.server,
    useLocalDispatch: (dispatch) => local?.useDispatch(dispatch),
    ...(local ? { localPagePath: local.pagePath } : {}),
  };
}
