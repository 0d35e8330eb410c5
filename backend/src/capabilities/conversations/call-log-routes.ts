import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { businessClockOf } from '@shared/analytics';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  callLogDetailSchema,
  callLogPageSchema,
  callLogQuerySchema,
  type CallLogEntry,
} from '@shared/schemas/call-log';
import { DEFAULT_LANGUAGE } from '@shared/language';
import { CALL_LOG_PAGE_SIZE, conversationSummary, durationSeconds } from '@shared/call-log';
import type { ConversationsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import type { ConversationListItem } from './records/conversations';
import { CONVERSATION_PREFIX } from '../../platform/dynamo/keys';
import { badRequest, notFound } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/** Cursors are the last covered sort key, opaque to the client; a decoded one must still be a conversation key. */
const encodeCursor = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!sk.startsWith(CONVERSATION_PREFIX) || sk.length > 200) throw badRequest('Invalid cursor');
  return sk;
}

const toEntry = (item: ConversationListItem): CallLogEntry => ({
  id: item.id,
  channel: item.channel,
  caller: item.caller,
  started_at: item.started_at,
  ended_at: item.ended_at,
  duration_seconds: durationSeconds(item.started_at, item.ended_at),
  outcome: item.outcome ?? 'answered',
  amount_collected_cents: item.amount_collected_cents,
  summary:
    item.summary ??
    conversationSummary({ transcript: [], ...(item.outcome ? { outcome: item.outcome } : {}) }),
  open: item.open ?? false,
  language: item.language ?? DEFAULT_LANGUAGE,
  ...(item.call_route ? { call_route: item.call_route, answered: Boolean(item.answered_at) } : {}),
  ...(item.owner_dial_status ? { owner_dial_status: item.owner_dial_status } : {}),
  ...(item.forwarded ? { forwarded: true } : {}),
  // false too: the business phone rang and nobody picked up (decision 173, session 42).
  ...(item.owner_answered !== undefined ? { owner_answered: item.owner_answered } : {}),
  ...(item.manipulation_attempts?.length ? { manipulation_attempts: item.manipulation_attempts } : {}),
  ...(item.booked_service ? { service: item.booked_service } : {}),
  ...(item.booked_staff ? { staff: item.booked_staff } : {}),
});

/** Records run up to now; a day of slack keeps a conversation stamped by a slightly fast clock in range. */
const LATEST_SLACK_MS = 24 * 60 * 60 * 1000;

const conversationParams = userIdParams.extend({ conversationId: z.string().min(1).max(100) });

/** Issue 13 §1: the owner's call log (every conversation) and one conversation's whole record. */
export const callLogRoutes = ({ verifyToken, data, now }: ConversationsDeps) => {
  const auth = requireAuth(verifyToken);
  const timeZoneOf = async (userId: string) => {
    const config = await data.businessConfigs.getConfig(userId);
    return businessClockOf(config ?? {}).timeZone;
  };

  const listRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/conversations',
    tags: ['call-log'],
    summary: 'The call log: conversations newest first, filtered, paged by cursor',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams, query: callLogQuerySchema },
    responses: { 200: jsonContent(callLogPageSchema, 'One page of the call log'), ...errorResponses },
  });
  const detailRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/conversations/{conversationId}',
    tags: ['call-log'],
    summary: 'One conversation: transcript, actions and objective results',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: conversationParams, query: z.object({ started_at: z.iso.datetime() }) },
    responses: {
      200: jsonContent(callLogDetailSchema, 'The conversation'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No such conversation of this owner'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const query = c.req.valid('query');
      const [timeZone, page] = await Promise.all([
        timeZoneOf(userId),
        data.conversations.pageConversations(userId, {
          ...(query.channel ? { channel: query.channel } : {}),
          ...(query.outcome ? { outcome: query.outcome } : {}),
          ...(query.language ? { language: query.language } : {}),
          ...(query.phone ? { callerDigits: query.phone } : {}),
          from: query.from ? new Date(query.from) : new Date(0),
          to: query.to ? new Date(query.to) : new Date(now().getTime() + LATEST_SLACK_MS),
          limit: query.limit ?? CALL_LOG_PAGE_SIZE.default,
          ...(query.cursor ? { afterSk: decodeCursor(query.cursor) } : {}),
        }),
      ]);
      return c.json(
        {
          time_zone: timeZone,
          entries: page.items.map(toEntry),
          ...(page.nextSk ? { next_cursor: encodeCursor(page.nextSk) } : {}),
        },
        200,
      );
    })
    .openapi(detailRoute, async (c) => {
      const { userId, conversationId } = c.req.valid('param');
      const [timeZone, record] = await Promise.all([
        timeZoneOf(userId),
        data.conversations.getConversation(userId, c.req.valid('query').started_at, conversationId),
      ]);
      if (!record) throw notFound('Conversation not found');
      return c.json(
        {
          ...toEntry(record),
          time_zone: timeZone,
          escalated: record.escalated,
          transcript: record.transcript,
          actions: record.actions ?? [],
          objectives_met: record.objectives_met,
        },
        200,
      );
    });
};
