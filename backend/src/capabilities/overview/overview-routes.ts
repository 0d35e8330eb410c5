import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { businessClockOf } from '@shared/analytics';
import {
  LIVE_CALL_MAX_MS,
  OVERVIEW_RECORD_ATTRIBUTES,
  OVERVIEW_UPCOMING_DAYS,
  overviewPeriods,
} from '@shared/overview';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  markMessageHandledSchema,
  messageHandledResponseSchema,
  overviewResponseSchema,
  type OverviewResponse,
} from '@shared/schemas/overview';
import type { OverviewDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { notFound } from '../../platform/errors/http-error';
import { appointmentView } from '../appointments/index';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { overviewReport } from './overview-report';

/** Records stamped by an instance whose clock runs a little fast still count as now. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;
/** Upcoming appointments read ahead (cancelled ones are skipped after reading; the Overview shows a few). */
const UPCOMING_READ_LIMIT = 50;

/** What the Overview reads: the route's own reads, also timed by bench/stages/overview-read.ts. */
export type OverviewData = Pick<
  OverviewDeps['data'],
  | 'businessConfigs'
  | 'subscriptions'
  | 'calendarConnections'
  | 'conversations'
  | 'ownerMessages'
  | 'appointments'
  | 'messagingRegistrations'
>;

/** Reads by key (two round trips) and computes the Overview of one owner at one moment. */
export async function loadOverview(data: OverviewData, userId: string, at: Date): Promise<OverviewResponse> {
  const config = await data.businessConfigs.getConfig(userId);
  const { weekStart } = overviewPeriods(at, businessClockOf(config ?? {}).timeZone);
  // A call that started before Monday's midnight may still be live.
  const recordsFrom = new Date(Math.min(weekStart.getTime(), at.getTime() - LIVE_CALL_MAX_MS));
  const until = new Date(at.getTime() + CLOCK_SLACK_MS);
  const [subscription, calendars, records, messages, appointments, registration] = await Promise.all([
    data.subscriptions.getSubscription(userId),
    data.calendarConnections.list(userId),
    data.conversations.listAttributesBetween(userId, recordsFrom, until, OVERVIEW_RECORD_ATTRIBUTES),
    data.ownerMessages.takenBetween(userId, weekStart, until),
    data.appointments.listBetween(
      userId,
      at,
      new Date(at.getTime() + OVERVIEW_UPCOMING_DAYS * 86_400_000),
      UPCOMING_READ_LIMIT,
    ),
    data.messagingRegistrations.get(userId),
  ]);
  return overviewReport({
    now: at,
    config,
    subscriptionStatus: subscription.status,
    textingRegistration: registration?.state ?? 'not_started',
    calendars,
    records,
    messages,
    upcoming: appointments.filter((a) => a.status === 'booked').map(appointmentView),
  });
}

/**
 * Issue 13 §3: the dashboard's live Overview, computed on each request from key reads only: the config,
 * subscription and calendar items, this week's conversations and owner messages (sk ranges, no transcripts)
 * and the next appointments. Its cost follows this week's volume, never the owner's history.
 */
export const overviewRoutes = ({ verifyToken, data, now }: OverviewDeps) => {
  const route = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/overview',
    tags: ['overview'],
    summary:
      "The Overview: today's and this week's figures, live calls, time to answer, the assistant's status",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(overviewResponseSchema, 'The Overview'), ...errorResponses },
  });

  const handledRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/messages/{messageId}/handled',
    tags: ['overview'],
    summary: 'Mark a message the assistant took as handled (it stops counting as waiting)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams.extend({ messageId: z.string().min(1).max(100) }),
      body: { content: { 'application/json': { schema: markMessageHandledSchema } }, required: true },
    },
    responses: {
      200: jsonContent(messageHandledResponseSchema, 'Handled (the first mark is kept)'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No such message of this owner'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(route, async (c) => {
      const { userId } = c.req.valid('param');
      const report = await loadOverview(data, userId, now());
      return c.json(report, 200);
    })
    .openapi(handledRoute, async (c) => {
      const { userId, messageId } = c.req.valid('param');
      const marked = await data.ownerMessages.markHandled(userId, c.req.valid('json').taken_at, messageId);
      if (marked.result === 'missing') throw notFound('Message not found');
      return c.json({ id: messageId, handled_at: marked.handledAt }, 200);
    });
};
