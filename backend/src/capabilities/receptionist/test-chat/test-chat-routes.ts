import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  testCallResponseSchema,
  testChatRequestSchema,
  testChatResponseSchema,
} from '@shared/schemas/test-chat';
import { TEST_CALL_HOURLY_LIMIT, TEST_CHAT_HOURLY_LIMIT } from '@shared/test-chat';
import type { ReceptionistDeps } from '../deps';
import type { AppEnv } from '../../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../../platform/auth/middleware';
import { notFound, tooManyRequests } from '../../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../../platform/http/openapi-helpers';
import { toChatItems, type ShownEngineEvent } from './chat-items';

/** What the test chat needs from the engine (test-chat-engine.ts adapts the receptionist to it). */
export type TestChatEngine = {
  /** 'local' when the deterministic local engine answers, so the UI can say so. */
  readonly kind: 'local' | 'openai';
  /** Why the assistant cannot answer at all (a 503 naming the missing key), else undefined. */
  refusal(): Error | undefined;
  /** The owner's open test conversation with this id, or a new one when absent; undefined: not theirs. */
  /** An open test conversation of the owner's, or (no id) a new one, opening with `greeting` if given. */
  conversationFor(
    ownerId: string,
    conversationId: string | undefined,
    greeting?: string,
  ): Promise<string | undefined>;
  runTurn(ownerId: string, conversationId: string, text: string): AsyncIterable<ShownEngineEvent>;
};

export const TEST_CHAT_LIMIT_MESSAGE = `You have sent ${TEST_CHAT_HOURLY_LIMIT} test messages this hour. Please try again later.`;
export const TEST_CALL_LIMIT_MESSAGE = `You have made ${TEST_CALL_HOURLY_LIMIT} test calls this hour. Please try again later.`;

/**
 * POST /oauth/users/{userId}/test-chat: the owner talks to their own assistant through the same engine as
 * the phone line; the conversation is stored with channel 'test' (left out of analytics). Limited per owner
 * per hour, because every message runs a turn.
 */
export const testChatRoutes = (deps: ReceptionistDeps, engine: TestChatEngine) => {
  const route = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/test-chat',
    tags: ['test-chat'],
    summary: "One message to the owner's own assistant; answers what it said and did",
    security: bearerSecurity,
    middleware: [requireAuth(deps.verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: testChatRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(testChatResponseSchema, "The assistant's turn"),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No business config yet, or not your conversation'),
      409: jsonContent(apiErrorSchema, 'The test conversation has ended'),
      429: jsonContent(apiErrorSchema, 'Too many test messages this hour'),
      503: jsonContent(apiErrorSchema, 'The assistant is not configured (names the missing key)'),
    },
  });

  const callRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/test-call',
    tags: ['test-chat'],
    summary: "Starts the owner's in-browser test call: a test conversation for the relay socket",
    security: bearerSecurity,
    middleware: [requireAuth(deps.verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      201: jsonContent(
        testCallResponseSchema,
        'The conversation to name in the relay setup, and the greeting',
      ),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No business config yet'),
      429: jsonContent(apiErrorSchema, 'Too many test calls this hour'),
      503: jsonContent(apiErrorSchema, 'The assistant is not configured (names the missing key)'),
    },
  });

  /** Before anything is read, counted or stored: the owner sees which key the operator must set. */
  const refuseWhenUnavailable = () => {
    const refusal = engine.refusal();
    if (refusal) throw refusal;
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(callRoute, async (c) => {
      const { userId } = c.req.valid('param');
      refuseWhenUnavailable();
      if (!(await deps.data.businessConfigs.getConfig(userId))) {
        throw notFound('Business configuration not found. Please complete setup first.');
      }
      if (!(await deps.rateLimiter.hit(`test-call#${userId}`, TEST_CALL_HOURLY_LIMIT, 3600))) {
        throw tooManyRequests(TEST_CALL_LIMIT_MESSAGE);
      }
      const greeting = await deps.receptionist.greeting(userId);
      const conversationId = (await engine.conversationFor(userId, undefined, greeting))!;
      return c.json({ conversation_id: conversationId, greeting, engine: engine.kind }, 201);
    })
    .openapi(route, async (c) => {
      const { userId } = c.req.valid('param');
      const { text, conversation_id: requested } = c.req.valid('json');
      refuseWhenUnavailable();
      if (!(await deps.data.businessConfigs.getConfig(userId))) {
        throw notFound('Business configuration not found. Please complete setup first.');
      }
      if (!(await deps.rateLimiter.hit(`test-chat#${userId}`, TEST_CHAT_HOURLY_LIMIT, 3600))) {
        throw tooManyRequests(TEST_CHAT_LIMIT_MESSAGE);
      }
      const conversationId = await engine.conversationFor(userId, requested);
      if (!conversationId) throw notFound('This test conversation does not exist.');
      const events: ShownEngineEvent[] = [];
      for await (const event of engine.runTurn(userId, conversationId, text)) events.push(event);
      const items = toChatItems(events);
      return c.json(
        {
          conversation_id: conversationId,
          engine: engine.kind,
          items,
          ended: items.some((item) => item.type === 'ended'),
        },
        200,
      );
    });
};
