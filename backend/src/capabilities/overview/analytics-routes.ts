import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  computeAnalytics,
  computeAppointmentRates,
  computeSuggestions,
  rangeWindow,
  SUGGESTIONS_RANGE,
  businessClockOf,
  ANALYTICS_TIME_RANGES,
  DEFAULT_ANALYTICS_TIME_RANGE,
  type AnalyticsTimeRange,
} from '@shared/analytics';
import { conversationsCsv } from '@shared/conversations-csv';
import { isoDateOf, zonedParts } from '@shared/receptionist/business-time';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  analyticsSchema,
  appointmentRatesSchema,
  suggestionsResponseSchema,
} from '@shared/schemas/analytics';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { OverviewDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth } from '../../platform/auth/middleware';
import { notFound } from '../../platform/errors/http-error';
import { bearerSecurity, errorResponses, jsonContent } from '../../platform/http/openapi-helpers';

const { 403: _forbidden, ...ownerlessErrors } = errorResponses;
/** Appointments read for the rates over one range (90 days × the 200 bookings a day cap). */
const APPOINTMENTS_IN_RANGE_MAX = 18_000;
const noConfig = jsonContent(
  apiErrorSchema,
  'The owner has no business config yet (the client shows an empty result)',
);

/**
 * Spec §7: the owner's analytics and optimization suggestions, computed from their stored conversations.
 * These paths carry no user id: the owner is the token's subject, so nobody can ask for another's figures.
 */
export const analyticsRoutes = ({ verifyToken, data, now }: OverviewDeps) => {
  const auth = requireAuth(verifyToken);

  const analyticsRoute = createRoute({
    method: 'get',
    path: '/api/analytics/objectives',
    tags: ['analytics'],
    summary: "The owner's conversation analytics over 7, 30 or 90 days",
    security: bearerSecurity,
    middleware: [auth] as const,
    request: {
      query: z.object({ timeRange: z.enum(ANALYTICS_TIME_RANGES).default(DEFAULT_ANALYTICS_TIME_RANGE) }),
    },
    responses: {
      200: jsonContent(
        analyticsSchema,
        'Figures; zeros and an empty-day trend when there are no conversations',
      ),
      ...ownerlessErrors,
      404: noConfig,
    },
  });

  const suggestionsRoute = createRoute({
    method: 'get',
    path: '/api/optimization/suggestions',
    tags: ['analytics'],
    summary: 'Optimization suggestions derived from the chosen range of conversations (30 days by default)',
    security: bearerSecurity,
    middleware: [auth] as const,
    request: { query: z.object({ timeRange: z.enum(ANALYTICS_TIME_RANGES).default(SUGGESTIONS_RANGE) }) },
    responses: {
      200: jsonContent(suggestionsResponseSchema, 'Suggestions, possibly none'),
      ...ownerlessErrors,
      404: noConfig,
    },
  });

  const exportRoute = createRoute({
    method: 'get',
    path: '/api/analytics/conversations.csv',
    tags: ['analytics'],
    summary: "The range's conversations as CSV (times on the business's clock; test chats left out)",
    security: bearerSecurity,
    middleware: [auth] as const,
    request: {
      query: z.object({ timeRange: z.enum(ANALYTICS_TIME_RANGES).default(DEFAULT_ANALYTICS_TIME_RANGE) }),
    },
    responses: {
      200: { content: { 'text/csv': { schema: z.string() } }, description: 'RFC 4180 CSV with a header row' },
      ...ownerlessErrors,
      404: noConfig,
    },
  });

  const appointmentRatesRoute = createRoute({
    method: 'get',
    path: '/api/analytics/appointments',
    tags: ['analytics'],
    summary:
      'Confirmation rate (confirmed ÷ reminded) and no-show rate (no-shows ÷ marked) of the appointments that started in the range, before and after reminders were switched on',
    security: bearerSecurity,
    middleware: [auth] as const,
    request: {
      query: z.object({ timeRange: z.enum(ANALYTICS_TIME_RANGES).default(DEFAULT_ANALYTICS_TIME_RANGE) }),
    },
    responses: {
      200: jsonContent(appointmentRatesSchema, 'The rates; null where nothing was reminded or marked'),
      ...ownerlessErrors,
      404: noConfig,
    },
  });

  /** The owner's conversations over a range; 404 when they have no business yet. */
  const conversationsOver = async (userId: string, range: AnalyticsTimeRange, at: Date) => {
    const config = await data.businessConfigs.getConfig(userId);
    if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
    const clock = businessClockOf(config);
    const { from, to } = rangeWindow(range, at, clock.timeZone);
    // The owner's own test chats and calls are stored, but are not the business's conversations.
    const conversations = await data.conversations.listConversations(userId, from, to);
    return { conversations: conversations.filter((c) => c.channel !== 'test'), clock };
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(appointmentRatesRoute, async (c) => {
      const range = c.req.valid('query').timeRange;
      const at = now();
      const userId = c.get('user')!.sub;
      const [config, settings] = await Promise.all([
        data.businessConfigs.getConfig(userId),
        data.reminders.getSettings(userId),
      ]);
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      const { from, to } = rangeWindow(range, at, businessClockOf(config).timeZone);
      // Bookings are capped per owner and day (200), so a 90-day range stays within this bound.
      const appointments = await data.appointments.listBetween(userId, from, to, APPOINTMENTS_IN_RANGE_MAX);
      return c.json(computeAppointmentRates(appointments, settings?.enabled_since ?? null, from, to), 200);
    })
    .openapi(analyticsRoute, async (c) => {
      const range = c.req.valid('query').timeRange;
      const at = now();
      const { conversations, clock } = await conversationsOver(c.get('user')!.sub, range, at);
      return c.json(computeAnalytics(conversations, range, at, clock.timeZone), 200);
    })
    .openapi(suggestionsRoute, async (c) => {
      const range = c.req.valid('query').timeRange;
      const at = now();
      const { conversations, clock } = await conversationsOver(c.get('user')!.sub, range, at);
      return c.json({ suggestions: computeSuggestions(conversations, at, clock, range) }, 200);
    })
    .openapi(exportRoute, async (c) => {
      const range = c.req.valid('query').timeRange;
      const at = now();
      const { conversations, clock } = await conversationsOver(c.get('user')!.sub, range, at);
      return c.body(conversationsCsv(conversations, clock.timeZone), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        // Dated by the business's own calendar, like the rows inside.
        'Content-Disposition': `attachment; filename="conversations-${range}-${isoDateOf(zonedParts(at, clock.timeZone))}.csv"`,
      });
    });
};
