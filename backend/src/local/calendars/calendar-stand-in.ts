import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { publicBaseUrl, type AppConfig } from '../../platform/config/env';
import type { CalendarStandIn } from '../../providers/calendar/port';
import { createLocalCalendarEventStore } from './local-calendar-events';
import { createLocalOAuthGrantStore } from './local-oauth-grants';
import { createLocalCalendly, LOCAL_CALENDLY_API_BASE } from './local-calendly';
import { createLocalAcuityServer, LOCAL_ACUITY_API_BASE } from './local-acuity';
import { createLocalCalendarPages, localCalendarPagePath } from './local-calendar-page';
import { createLocalGoogleCalendarServer, LOCAL_GOOGLE_CALENDAR_API_BASE } from './local-google-calendar';
import { createLocalCalendarOAuth, createLocalOAuthServer } from './local-calendar-providers';
import { createLocalMicrosoftGraphServer, LOCAL_MICROSOFT_GRAPH_API_BASE } from './local-microsoft-graph';

/**
 * Google Calendar, Outlook (Microsoft Graph), Acuity and Calendly on one machine: their consent pages, token endpoints, calendar APIs
 * and Calendly's webhooks, answered by one in-process server over the app table.
 */
export function createLocalCalendarStandIn(
  config: AppConfig,
  store: { doc: DynamoDBDocumentClient; tableName: string },
  now: () => Date,
): CalendarStandIn {
  const grants = createLocalOAuthGrantStore(store.doc, store.tableName, now);
  const server = createLocalOAuthServer(grants, now);
  const events = createLocalCalendarEventStore(store.doc, store.tableName, now);
  server.route('/', createLocalGoogleCalendarServer(grants, events));
  server.route('/', createLocalMicrosoftGraphServer(grants, events));
  server.route('/', createLocalAcuityServer(grants, events));
  server.route('/', createLocalCalendarPages(grants, events));
  const calendly = createLocalCalendly(grants, events, store, { publicBaseUrl: publicBaseUrl(config), now });
  server.route('/', calendly.server);
  return {
    server,
    oauth: (service) => createLocalCalendarOAuth(service, server, now),
    apiBase: {
      google_calendar: LOCAL_GOOGLE_CALENDAR_API_BASE,
      outlook_calendar: LOCAL_MICROSOFT_GRAPH_API_BASE,
      acuity: LOCAL_ACUITY_API_BASE,
      calendly: LOCAL_CALENDLY_API_BASE,
    },
    useDispatch: (dispatch) => calendly.useDispatch(dispatch),
    pagePath: localCalendarPagePath,
  };
}
