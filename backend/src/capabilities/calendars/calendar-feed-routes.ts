import { createHash } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ASSISTANT_EMAIL_DOMAIN, BOT_CALENDAR_NAME, CALENDAR_FEED_MESSAGES } from '@shared/calendar';
import { calendarFeedSchema } from '@shared/schemas/calendar';
import { apiErrorSchema } from '@shared/schemas/api-error';
import type { CalendarsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { appointmentEvent, FEED_WINDOW } from './feed/feed-events';
import { feedBaseUrl, issueFeedLink } from './feed/feed-links';
import { FEED_TOKEN_PATTERN, hashFeedToken } from './records/feed-token';
import { serializeCalendar } from './feed/ics-serializer';
import { HttpError, notFound, tooManyRequests } from '../../platform/errors/http-error';
import { clientAddress } from '../../platform/http/client-address';
import { TOO_MANY_REQUESTS } from '../../platform/quotas/user-quotas';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/** Each fetch reads the owner's bookings: a ceiling per address (calendar apps poll hourly at most). */
export const FEED_FETCH_LIMIT = { hits: 60, windowSeconds: 60 };
/** Rotations per owner and hour: a link is a stored item, so changes are capped. */
export const FEED_ROTATE_LIMIT = { hits: 20, windowSeconds: 60 * 60 };
/** Subscribers are told to refresh this often; the HTTP cache keeps a copy for a few minutes. */
const REFRESH_MINUTES = 15;
const MAX_AGE_SECONDS = 300;
const MAX_FEED_EVENTS = 1000;
const DAY_MS = 86_400_000;

const NO_CALENDAR = 'No calendar at this address';
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

const feedFileParams = z.object({
  file: z.string().max(100).openapi({ description: '<token>.ics' }),
});

/**
 * The Business Calendar's private subscription feed (issue 12 §2): the owner reads, rotates and revokes its
 * link; anyone holding a live link reads the .ics. Share (calendar-routes.ts) issues the first link.
 */
export const calendarFeedRoutes = (deps: CalendarsDeps) => {
  const { verifyToken, data, rateLimiter, now } = deps;

  const statusRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/calendar-feed',
    tags: ['calendar'],
    summary: "Whether the Business Calendar's private link is live (the link itself is shown only once)",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(calendarFeedSchema, 'The link state'), ...errorResponses },
  });

  const rotateRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/calendar-feed/rotate',
    tags: ['calendar'],
    summary: 'Issues a new private link; the previous one stops working at once',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: z.object({}).strict() } }, required: false },
    },
    responses: {
      200: jsonContent(calendarFeedSchema, 'The new link (its URL shown this once)'),
      ...errorResponses,
      409: jsonContent(apiErrorSchema, 'Changed at the same moment by another request'),
      429: jsonContent(apiErrorSchema, 'Too many rotations'),
    },
  });

  const revokeRoute = createRoute({
    method: 'delete',
    path: '/oauth/users/{userId}/calendar-feed',
    tags: ['calendar'],
    summary: 'Revokes the private link: it answers 404 from now on',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      200: jsonContent(calendarFeedSchema, 'No live link'),
      ...errorResponses,
      409: jsonContent(apiErrorSchema, 'Changed at the same moment by another request'),
    },
  });

  const icsRoute = createRoute({
    method: 'get',
    path: '/calendar/{file}',
    tags: ['calendar'],
    summary:
      "A Business Calendar feed (RFC 5545) for a live private link: the owner's recent and coming bookings",
    request: { params: feedFileParams },
    responses: {
      200: { content: { 'text/calendar': { schema: z.string() } }, description: 'The calendar' },
      304: { description: 'Unchanged since the ETag given' },
      404: jsonContent(apiErrorSchema, 'No live link with that token'),
      429: jsonContent(apiErrorSchema, 'Too many fetches from this address'),
    },
  });

  const feedIcs = async (ownerId: string) => {
    const [calendar, config] = await Promise.all([
      data.botCalendars.get(ownerId),
      data.businessConfigs.getConfig(ownerId),
    ]);
    const business = (calendar?.business_name || config?.business_name || '').trim();
    const at = now().getTime();
    const appointments = await data.appointments.listBetween(
      ownerId,
      new Date(at - FEED_WINDOW.pastDays * DAY_MS),
      new Date(at + FEED_WINDOW.futureDays * DAY_MS),
      MAX_FEED_EVENTS,
    );
    return serializeCalendar({
      productId: '-//Ringly//Business Calendar//EN',
      name: business ? `${business} - ${BOT_CALENDAR_NAME}` : BOT_CALENDAR_NAME,
      refreshMinutes: REFRESH_MINUTES,
      events: appointments.map((a) => appointmentEvent(a, ASSISTANT_EMAIL_DOMAIN)),
    });
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(statusRoute, async (c) => {
      const live = await data.calendarFeeds.current(c.req.valid('param').userId);
      c.header('Cache-Control', 'no-store');
      return c.json({ active: Boolean(live), created_at: live?.created_at ?? null }, 200);
    })
    .openapi(rotateRoute, async (c) => {
      const { userId } = c.req.valid('param');
      if (
        !(await rateLimiter.hit(
          `calendar-feed#${userId}`,
          FEED_ROTATE_LIMIT.hits,
          FEED_ROTATE_LIMIT.windowSeconds,
        ))
      ) {
        throw tooManyRequests(TOO_MANY_REQUESTS);
      }
      const live = await data.calendarFeeds.current(userId);
      const issued = await issueFeedLink(
        data.calendarFeeds,
        userId,
        live?.token_hash ?? null,
        feedBaseUrl(deps.config.publicApiUrl, c.req.url),
      );
      if (!issued.ok) throw conflict(CALENDAR_FEED_MESSAGES.conflict);
      c.header('Cache-Control', 'no-store');
      return c.json(issued.feed, 200);
    })
    .openapi(revokeRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const live = await data.calendarFeeds.current(userId);
      if (live && !(await data.calendarFeeds.revoke(userId, live.token_hash))) {
        throw conflict(CALENDAR_FEED_MESSAGES.conflict);
      }
      return c.json({ active: false, created_at: null }, 200);
    })
    .openapi(icsRoute, async (c) => {
      // Limited before the lookup, so guessing tokens is as slow as fetching.
      const limited = !(await rateLimiter.hit(
        `calendar-feed-fetch#${clientAddress(c)}`,
        FEED_FETCH_LIMIT.hits,
        FEED_FETCH_LIMIT.windowSeconds,
      ));
      if (limited) throw tooManyRequests(TOO_MANY_REQUESTS);
      const token = c.req.valid('param').file.replace(/\.ics$/, '');
      const ownerId =
        c.req.valid('param').file.endsWith('.ics') && FEED_TOKEN_PATTERN.test(token)
          ? await data.calendarFeeds.ownerOf(hashFeedToken(token))
          : undefined;
      if (!ownerId) throw notFound(NO_CALENDAR);
      const body = await feedIcs(ownerId);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const headers = {
        // private: a shared cache must not keep one owner's bookings; the URL is the only key anyway.
        'Cache-Control': `private, max-age=${MAX_AGE_SECONDS}`,
        ETag: etag,
        'X-Robots-Tag': 'noindex',
        'Referrer-Policy': 'no-referrer',
      };
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
      return c.body(body, 200, {
        ...headers,
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="business-calendar.ics"',
      });
    });
};
