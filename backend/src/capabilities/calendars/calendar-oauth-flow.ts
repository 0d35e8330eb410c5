import { CALENDAR_SERVICE_NAMES, type CalendarService } from '@shared/calendar';
import type { OAuthConnection } from '@shared/schemas/calendar';
import { keyPartProblem } from '@shared/key-part';
import type { CalendarsDeps } from './deps';
import type { CalendarConnectionRecord } from './records/calendar-connections';
import { OAuthGrantError, refusesOurClient, type OAuthTokens } from '../../providers/calendar/oauth-types';
import { createConnectionTokens } from './connection-tokens';
import { codeChallengeS256, createCodeVerifier, createOAuthState } from '../../providers/calendar/pkce';
import { publicBaseUrl } from '../../platform/config/env';
import type { CalendarApi } from '../../providers/calendar/calendar-api-types';
import { mirrorUnsyncedBookings } from './sync/resync';
import { CALENDLY_WEBHOOK_PATH } from './calendly-webhook-routes';

export type CallbackQuery = {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
};

export type CallbackOutcome =
  | { ok: true; service: CalendarService; appOrigins: string[] }
  | {
      ok: false;
      service: CalendarService;
      appOrigins: string[];
      message: string;
      /** The person pressed Deny (access_denied): not a failure, the app says they declined. */
      declined?: true;
    };

type FlowDeps = Pick<CalendarsDeps, 'config' | 'data' | 'providers' | 'logger' | 'now' | 'ownerCalendar'>;

/**
 * The calendar OAuth flow over the stored state, the provider and the sealed token store: start (state +
 * PKCE), complete (the callback), and statuses (refreshing tokens that are due, 'expired' when the vendor
 * refuses the grant, connected with the failure said when it cannot be reached).
 */
export function createCalendarOAuthFlow({ config, data, providers, logger, now, ownerCalendar }: FlowDeps) {
  /**
   * A scheduler without a booking API (Calendly): its scheduling link, which the assistant texts, and a
   * subscription to its new bookings, whose signed webhook confirms them (docs/decisions/151). Undefined
   * for calendars the assistant books into directly.
   */
  async function schedulingLinkOf(
    ownerId: string,
    service: CalendarService,
    api: CalendarApi | undefined,
    accessToken: string,
  ) {
    if (!api?.schedulingLink) return undefined;
    try {
      const signingKey = config.calendarOAuth.calendlyWebhookSigningKey;
      if (api.subscribeBookings && signingKey) {
        await api.subscribeBookings(
          accessToken,
          `${publicBaseUrl(config)}${CALENDLY_WEBHOOK_PATH}`,
          signingKey,
        );
      }
      return await api.schedulingLink(accessToken);
    } catch (error) {
      // The connection still stands (availability, cancellations); the assistant books internally meanwhile.
      logger.warn('Scheduling link setup failed', {
        service,
        userId: ownerId,
        reason: (error as Error).message,
      });
      return undefined;
    }
  }

  const tokens = createConnectionTokens({
    connections: data.calendarConnections,
    calendar: providers.calendar,
    logger,
    now,
  });

  async function statusOf(
    userId: string,
    record: CalendarConnectionRecord,
    apiOrigin: string,
  ): Promise<OAuthConnection> {
    const { service, account } = record;
    const localPagePath = providers.calendar.localPagePath;
    const localPage =
      account &&
      localPagePath &&
      providers.calendar.forService(service)?.mode === 'local' &&
      providers.calendar.apiFor(service);
    const shown = {
      service,
      ...(account ? { account } : {}),
      ...(localPage && localPagePath
        ? {
            calendar_page_url: `${config.publicApiUrl ?? apiOrigin}${localPagePath(service, account)}`,
          }
        : {}),
    };
    // An expired connection asks for a reconnect: a failure noted before it expired is no longer the news.
    if (record.status === 'expired') return { ...shown, status: 'expired' };
    const failedBefore = record.last_sync_failed_at;
    const connected = { ...shown, status: 'connected' as const };
    if (!tokens.isDue(record))
      return failedBefore ? { ...connected, last_sync_failed_at: failedBefore } : connected;
    try {
      // The vendor answered the refresh (which removed any failure noted before: updateTokens).
      return (await tokens.accessToken(userId, record)) ? connected : { ...shown, status: 'expired' };
    } catch (error) {
      // The vendor could not be reached (or failed): the grant may be fine, so not 'expired' ("Reconnect"
      // would send the owner to a consent that fails the same way). Still connected; the failure is said.
      logger.warn('Calendar token refresh failed', { service, userId, reason: (error as Error).message });
      const failedAt = now().toISOString();
      await data.calendarConnections.noteSyncFailed(userId, service).catch(() => undefined);
      return { ...connected, last_sync_failed_at: failedAt };
    }
  }

  return {
    async start(
      userId: string,
      service: CalendarService,
      request: { apiOrigin: string; requestOrigin: string | undefined; loginHint?: string | undefined },
    ): Promise<string | undefined> {
      const provider = providers.calendar.forService(service);
      if (!provider) return undefined;
      const state = createOAuthState();
      const codeVerifier = createCodeVerifier();
      const redirectUri = `${config.publicApiUrl ?? request.apiOrigin}/oauth/${service}/callback`;
      const appOrigin =
        request.requestOrigin && config.allowedOrigins.includes(request.requestOrigin)
          ? request.requestOrigin
          : config.allowedOrigins[0]!;
      await data.oauthStates.save({
        state,
        user_id: userId,
        service,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
        app_origin: appOrigin,
      });
      return provider.authorizationUrl({
        state,
        codeChallenge: codeChallengeS256(codeVerifier),
        redirectUri,
        loginHint: request.loginHint,
      });
    },

    async complete(service: CalendarService, query: CallbackQuery): Promise<CallbackOutcome> {
      const name = CALENDAR_SERVICE_NAMES[service];
      // Without a valid state we cannot know which app window opened us: tell every allowed origin.
      const fail = (message: string, appOrigins = config.allowedOrigins) =>
        ({ ok: false, service, appOrigins, message }) as const;
      if (!query.state)
        return fail('The authorization response has no state. Close this window and try again.');
      // A state we never issued (any text a caller put in the URL) is no key to look up: the same answer.
      const record = keyPartProblem(query.state) ? undefined : await data.oauthStates.take(query.state);
      if (!record || record.service !== service) {
        return fail('This authorization has expired or was already used. Close this window and try again.');
      }
      const origins = [record.app_origin];
      if (query.error) {
        return query.error === 'access_denied'
          ? { ...fail(`You did not allow access to ${name}.`, origins), declined: true }
          : fail(`${name} reported an error: ${query.error_description ?? query.error}`, origins);
      }
      if (!query.code)
        return fail(`${name} sent no authorization code. Close this window and try again.`, origins);
      const provider = providers.calendar.forService(service);
      if (!provider) return fail(`${name} is not available.`, origins);
      let issued: OAuthTokens;
      try {
        issued = await provider.exchangeCode({
          code: query.code,
          codeVerifier: record.code_verifier,
          redirectUri: record.redirect_uri,
        });
      } catch (error) {
        // Our own credentials refused is the operator's problem: logged as an error, and the owner is told
        // to try later rather than shown a vendor code that reconnecting cannot fix.
        const failure = { service, userId: record.user_id, reason: (error as Error).message };
        const ours = refusesOurClient(error);
        if (ours) logger.error('Calendar code exchange failed', failure);
        else logger.warn('Calendar code exchange failed', failure);
        return error instanceof OAuthGrantError && !ours
          ? fail(
              `${name} did not accept the authorization (${error.code}). Close this window and try again.`,
              origins,
            )
          : fail(`${name} could not be reached. Close this window and try again later.`, origins);
      }
      // Which account was connected ("connected as …"); the connection stands without it.
      const api = providers.calendar.apiFor(service);
      const account = await api?.account(issued.accessToken).catch(() => undefined);
      const schedulingUrl = await schedulingLinkOf(record.user_id, service, api, issued.accessToken);
      await data.calendarConnections.saveConnected(record.user_id, service, {
        ...tokens.seal(record.user_id, service, issued),
        ...(account ? { account } : {}),
        ...(schedulingUrl ? { scheduling_url: schedulingUrl } : {}),
      });
      logger.info('Calendar connected', { service, userId: record.user_id, mode: provider.mode });
      // Bookings made while nothing (or an expired connection) was there reach the calendar now.
      try {
        const businessName = (await data.businessConfigs.getConfig(record.user_id))?.business_name ?? '';
        const resync = await mirrorUnsyncedBookings(
          { appointments: data.appointments, ownerCalendar, logger },
          record.user_id,
          businessName,
        );
        if (resync.mirrored || resync.conflicts) logger.info('Calendar resynced', { service, ...resync });
      } catch (error) {
        logger.warn('Calendar resync failed', { service, reason: (error as Error).message });
      }
      return { ok: true, service, appOrigins: origins };
    },

    async statuses(userId: string, apiOrigin: string): Promise<OAuthConnection[]> {
      const records = await data.calendarConnections.list(userId);
      return Promise.all(records.map((record) => statusOf(userId, record, apiOrigin)));
    },
  };
}
