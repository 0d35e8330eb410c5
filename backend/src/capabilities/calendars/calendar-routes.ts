import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  assistantEmail,
  BOT_CALENDAR_NAME,
  CALENDAR_FEED_MESSAGES,
  CALENDAR_MESSAGES,
  CALENDAR_SERVICE_NAMES,
} from '@shared/calendar';
import {
  calendarServiceSchema,
  createCalendarRequestSchema,
  createCalendarResponseSchema,
  oauthAuthUrlResponseSchema,
  oauthConnectionsResponseSchema,
  shareCalendarRequestSchema,
  shareCalendarResponseSchema,
} from '@shared/schemas/calendar';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { isSamePhone } from '@shared/phone/phone-number';
import type { CalendarsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { sanitizeEmailText } from '@shared/email-text';
import { requireLiveSubscription } from '../billing/index';
import { badRequest, forbidden, HttpError, tooManyRequests } from '../../platform/errors/http-error';
import { enforceUserQuota, TOO_MANY_REQUESTS } from '../../platform/quotas/user-quotas';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { feedBaseUrl, issueFeedLink } from './feed/feed-links';
import { conflict } from './calendar-feed-routes';
import { createCalendarOAuthFlow } from './calendar-oauth-flow';
import { OAUTH_POPUP_SCRIPT, OAUTH_POPUP_SCRIPT_PATH, oauthCallbackPage } from './oauth-callback-page';

const serviceParams = z.object({ service: calendarServiceSchema });

/** Shares e-mail a third party, so they are capped per owner. */
const SHARE_LIMIT = { hits: 10, windowSeconds: 60 * 60 };

/** The share e-mail: the private link and how any calendar app subscribes to it (issue 12 §2). */
const calendarShareText = (
  businessName: string,
  calendar: { name: string; assistant_email: string },
  url: string,
) =>
  [
    `${businessName} shared the calendar "${calendar.name}" with you.`,
    '',
    'Subscribe to this private link in any calendar app:',
    url,
    '',
    '- Google Calendar: Other calendars, +, From URL, then paste the link.',
    '- Apple Calendar: File, New Calendar Subscription, then paste the link.',
    '- Outlook: Add calendar, Subscribe from web, then paste the link.',
    '',
    `Your assistant (${calendar.assistant_email}) books appointments into this calendar. The subscription is`,
    'read-only and your calendar app refreshes it on its own schedule (some apps take a few hours).',
    'Keep the link private: anyone who has it can see your bookings. You can revoke it or get a new one',
    'in Setup, step 7.',
  ].join('\n');

const NOT_YOUR_ASSISTANT_PHONE = "That is not your assistant's phone number";

export const calendarRoutes = (deps: CalendarsDeps) => {
  const { verifyToken, data, providers, rateLimiter, logger } = deps;
  const paidOnly = { 402: jsonContent(apiErrorSchema, 'No active or trialing subscription') };
  const flow = createCalendarOAuthFlow(deps);

  const connectionsRoute = createRoute({
    method: 'get',
    path: '/oauth/connections',
    tags: ['calendar'],
    summary:
      "The owner's calendar connections: connected, or expired when a token can no longer be refreshed",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    responses: {
      200: jsonContent(oauthConnectionsResponseSchema, 'One entry per stored connection'),
      ...errorResponses,
    },
  });

  const authRoute = createRoute({
    method: 'get',
    path: '/oauth/{service}/auth',
    tags: ['calendar'],
    summary: 'Starts a connection: the URL to open in the popup (state and PKCE held by the server)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: {
      params: serviceParams,
      query: z.object({ t: z.string().max(40).optional().openapi({ description: 'Cache buster' }) }),
    },
    responses: {
      200: jsonContent(oauthAuthUrlResponseSchema, 'Where the popup goes'),
      ...errorResponses,
      503: jsonContent(apiErrorSchema, 'The service is not configured in this environment'),
    },
  });

  const callbackRoute = createRoute({
    method: 'get',
    path: '/oauth/{service}/callback',
    tags: ['calendar'],
    summary: "The vendor's redirect after consent: checks state, exchanges the code, answers the popup",
    request: {
      params: serviceParams,
      query: z.object({
        code: z.string().max(2048).optional(),
        state: z.string().max(128).optional(),
        error: z.string().max(200).optional(),
        error_description: z.string().max(1000).optional(),
      }),
    },
    responses: {
      200: {
        content: { 'text/html': { schema: z.string() } },
        description: 'Connected; posts oauth_success',
      },
      400: {
        content: { 'text/html': { schema: z.string() } },
        description: 'Not connected; posts oauth_error',
      },
    },
  });

  const createCalendarRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/create-calendar',
    tags: ['calendar'],
    summary: `Creates the bot calendar '${BOT_CALENDAR_NAME}' once (idempotent)`,
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: createCalendarRequestSchema } }, required: true },
    },
    responses: { 200: jsonContent(createCalendarResponseSchema, 'The bot calendar'), ...errorResponses },
  });

  const shareCalendarRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/share-calendar',
    tags: ['calendar'],
    summary: 'Issues the bot calendar’s private .ics link and e-mails it to the owner',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: shareCalendarRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(shareCalendarResponseSchema, 'Shared'),
      ...errorResponses,
      ...paidOnly,
      409: jsonContent(apiErrorSchema, 'A private link is already live: rotate or revoke it'),
      429: jsonContent(apiErrorSchema, 'Too many shares'),
      502: jsonContent(shareCalendarResponseSchema, 'The share e-mail could not be sent'),
    },
  });

  /**
   * The bot calendar, created once from the owner's own config: its assistant phone (one the owner holds,
   * so the calendar can never take another business's number; a different one in the body is refused)
   * and its business name (a name in the body is not used), issue 10 §6.
   */
  async function ensureBotCalendar(userId: string, input: { assistant_phone?: string | undefined }) {
    const existing = await data.botCalendars.get(userId);
    if (existing) return { calendar: existing, created: false };
    const config = await data.businessConfigs.getConfig(userId);
    const phone = config?.assistant_phone;
    if (!phone) throw badRequest(CALENDAR_MESSAGES.assistantPhoneNotConfigured);
    if (input.assistant_phone && !isSamePhone(input.assistant_phone, phone)) {
      throw forbidden(NOT_YOUR_ASSISTANT_PHONE);
    }
    await enforceUserQuota(rateLimiter, 'createCalendar', userId, TOO_MANY_REQUESTS);
    return data.botCalendars.createOnce(userId, {
      calendar_id: randomUUID(),
      name: BOT_CALENDAR_NAME,
      assistant_phone: phone,
      assistant_email: assistantEmail(phone),
      business_name: config.business_name ?? '',
    });
  }
  const publicCalendar = ({
    assistant_phone: _phone,
    ...calendar
  }: { assistant_phone: string } & z.infer<typeof createCalendarResponseSchema>['calendar']) => calendar;

  const routes = new OpenAPIHono<AppEnv>();
  // The popup result page's one script, a file so that page's CSP allows no inline script.
  routes.get(OAUTH_POPUP_SCRIPT_PATH, (c) =>
    c.body(OAUTH_POPUP_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  return routes
    .openapi(connectionsRoute, async (c) =>
      c.json({ connections: await flow.statuses(c.get('user')!.sub, new URL(c.req.url).origin) }, 200),
    )
    .openapi(authRoute, async (c) => {
      const { service } = c.req.valid('param');
      // Each start stores a state item (with its PKCE verifier): a ceiling per owner (issue 10 §8).
      await enforceUserQuota(rateLimiter, 'oauthStates', c.get('user')!.sub, TOO_MANY_REQUESTS);
      const authUrl = await flow.start(c.get('user')!.sub, service, {
        apiOrigin: new URL(c.req.url).origin,
        requestOrigin: c.req.header('Origin'),
        loginHint: c.get('user')!.email,
      });
      if (!authUrl) {
        throw new HttpError(
          503,
          'service_unavailable',
          `${CALENDAR_SERVICE_NAMES[service]} is not configured`,
        );
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ auth_url: authUrl, service }, 200);
    })
    .openapi(callbackRoute, async (c) => {
      const outcome = await flow.complete(c.req.valid('param').service, c.req.valid('query'));
      return c.html(oauthCallbackPage(outcome), outcome.ok ? 200 : 400);
    })
    .openapi(createCalendarRoute, async (c) => {
      const { calendar, created } = await ensureBotCalendar(c.req.valid('param').userId, c.req.valid('json'));
      return c.json({ success: true, created, calendar: publicCalendar(calendar) }, 200);
    })
    .openapi(shareCalendarRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const body = c.req.valid('json');
      if (!body.user_email) throw badRequest(CALENDAR_MESSAGES.userEmailNotFound);
      if (!z.email().safeParse(body.user_email).success)
        throw badRequest('Invalid request: user_email: Invalid email address');
      // A share e-mails someone: for paying owners only, within hourly and daily caps (issue 10 §1, §6).
      await requireLiveSubscription(deps, userId);
      const { calendar } = await ensureBotCalendar(userId, { assistant_phone: body.assistant_phone });
      if (!(await rateLimiter.hit(`calendar-share#${userId}`, SHARE_LIMIT.hits, SHARE_LIMIT.windowSeconds))) {
        throw tooManyRequests(TOO_MANY_REQUESTS);
      }
      await enforceUserQuota(rateLimiter, 'ownerEmails', userId, TOO_MANY_REQUESTS);
      const businessName = sanitizeEmailText(calendar.business_name) || 'Your business';
      // Share issues the first private link; a live one can't be shown again (only its hash is kept).
      const issued = await issueFeedLink(
        data.calendarFeeds,
        userId,
        null,
        feedBaseUrl(deps.config.publicApiUrl, c.req.url),
      );
      if (!issued.ok) throw conflict(CALENDAR_FEED_MESSAGES.alreadyActive);
      await data.botCalendars.recordShare(userId, body.user_email);
      try {
        await providers.email.send({
          to: body.user_email,
          subject: `Calendar shared: ${calendar.name}`,
          kind: 'calendar-share',
          text: calendarShareText(businessName, calendar, issued.feed.url),
        });
      } catch (error) {
        // Nothing half-done: the link nobody received is withdrawn again.
        await data.calendarFeeds.revoke(userId, issued.tokenHash);
        logger.error('Calendar share e-mail failed', { userId, error: String(error) });
        return c.json({ success: false, message: CALENDAR_MESSAGES.failedToShare }, 502);
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, message: CALENDAR_MESSAGES.calendarShared, feed: issued.feed }, 200);
    });
};
