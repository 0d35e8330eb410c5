import type { Hono } from 'hono';
import type { CalendarService } from '@shared/calendar';
import type { CalendarApi } from './calendar-api-types';
import type { CalendarOAuthProvider } from './oauth-types';
import type { TokenCipher } from './token-cipher';

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
  /** The local vendor's own calendar page for an account (step 7 links to it); only with local vendors. */
  localPagePath?: (service: CalendarService, account: string) => string;
};

/**
 * What the local entry points hand the chooser so every calendar vendor can run on one machine
 * (backend/src/local/calendars/): one in-process server answering in each vendor's wire format.
 */
export type CalendarStandIn = {
  server: Hono;
  oauth(service: CalendarService): CalendarOAuthProvider;
  /** Where each vendor's calendar API answers on the stand-in's server. */
  apiBase: Partial<Record<CalendarService, string>>;
  useDispatch(dispatch: (request: Request) => Promise<Response>): void;
  pagePath(service: CalendarService, account: string): string;
};
