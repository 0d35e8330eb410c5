import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { GENERATION_MESSAGES } from '@shared/schemas/generation';
import {
  deletedKnowledgeEntrySchema,
  KNOWLEDGE_TEXTS,
  knowledgeBaseSchema,
  knowledgeEntryInputSchema,
  knowledgeEntryParamsSchema,
  knowledgeEntrySchema,
  knowledgeLimitsOut,
  knowledgeSuggestionsSchema,
  knowledgeSuggestRequestSchema,
} from '@shared/schemas/knowledge';
import type { KnowledgeDeps } from './deps';
import type { KnowledgeEditResult } from './records/index';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError } from '../../platform/errors/http-error';
import { enforceUserQuota } from '../../platform/quotas/user-quotas';
import { LlmError } from '../../providers/llm/port';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/** An edit's refusal as the API answers it: 409 for a limit or a conflict, 404 for a gone entry. */
function refusal(result: Exclude<KnowledgeEditResult, { ok: true }>): HttpError {
  if (result.reason === 'not_found') return new HttpError(404, 'not_found', KNOWLEDGE_TEXTS.notFound);
  if (result.reason === 'busy') return new HttpError(409, 'conflict', KNOWLEDGE_TEXTS.busy);
  return new HttpError(409, 'limit_reached', result.message);
}

/**
 * The owner's knowledge base (docs/decisions/181-knowledge-and-honesty.md): list, add, edit and delete
 * entries within the limits, and suggest entries from pasted text (nothing stored until the owner adds them).
 */
export const knowledgeRoutes = (deps: KnowledgeDeps) => {
  const { data, verifyToken, providers, rateLimiter, logger } = deps;
  const basePath = '/oauth/users/{userId}/knowledge';
  const entryBody = {
    content: { 'application/json': { schema: knowledgeEntryInputSchema } },
    required: true,
  };
  const limitResponse = { 409: jsonContent(apiErrorSchema, 'A limit is reached, or a parallel edit won') };

  const listRoute = createRoute({
    method: 'get',
    path: basePath,
    tags: ['knowledge'],
    summary: 'The knowledge base: every entry, oldest first, and its limits',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(knowledgeBaseSchema, 'The entries'), ...errorResponses },
  });
  const addRoute = createRoute({
    method: 'post',
    path: basePath,
    tags: ['knowledge'],
    summary: 'Add an entry (a question callers ask and the answer, or a policy)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams, body: entryBody },
    responses: {
      201: jsonContent(knowledgeEntrySchema, 'The entry as stored'),
      ...errorResponses,
      ...limitResponse,
    },
  });
  const updateRoute = createRoute({
    method: 'put',
    path: `${basePath}/{entryId}`,
    tags: ['knowledge'],
    summary: 'Replace an entry',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: knowledgeEntryParamsSchema, body: entryBody },
    responses: {
      200: jsonContent(knowledgeEntrySchema, 'The entry as stored'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No such entry'),
      ...limitResponse,
    },
  });
  const deleteRoute = createRoute({
    method: 'delete',
    path: `${basePath}/{entryId}`,
    tags: ['knowledge'],
    summary: 'Delete an entry',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: knowledgeEntryParamsSchema },
    responses: {
      200: jsonContent(deletedKnowledgeEntrySchema, 'Deleted'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No such entry'),
      409: jsonContent(apiErrorSchema, 'A parallel edit won'),
    },
  });
  const suggestRoute = createRoute({
    method: 'post',
    path: `${basePath}/suggestions`,
    tags: ['knowledge'],
    summary: 'Suggest entries from pasted text such as a FAQ page (nothing is stored)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: knowledgeSuggestRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(knowledgeSuggestionsSchema, 'Suggested entries'),
      ...errorResponses,
      429: jsonContent(apiErrorSchema, 'AI generation quota for this user spent'),
      502: jsonContent(apiErrorSchema, 'The AI service failed'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const entries = await data.knowledgeBase.list(c.req.valid('param').userId);
      return c.json({ entries, limits: knowledgeLimitsOut }, 200);
    })
    .openapi(addRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const result = await data.knowledgeBase.edit(userId, {
        kind: 'add',
        id: randomUUID(),
        input: c.req.valid('json'),
      });
      if (!result.ok) throw refusal(result);
      return c.json(result.entry!, 201);
    })
    .openapi(updateRoute, async (c) => {
      const { userId, entryId } = c.req.valid('param');
      const result = await data.knowledgeBase.edit(userId, {
        kind: 'update',
        id: entryId,
        input: c.req.valid('json'),
      });
      if (!result.ok) throw refusal(result);
      return c.json(result.entry!, 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { userId, entryId } = c.req.valid('param');
      const result = await data.knowledgeBase.edit(userId, { kind: 'delete', id: entryId });
      if (!result.ok) throw refusal(result);
      return c.json({ id: entryId, deleted: true as const }, 200);
    })
    .openapi(suggestRoute, async (c) => {
      const { userId } = c.req.valid('param');
      await enforceUserQuota(rateLimiter, 'aiGeneration', userId, GENERATION_MESSAGES.quotaExceeded);
      try {
        const suggestions = await providers.llm.suggestKnowledge(c.req.valid('json').text);
        return c.json({ suggestions }, 200);
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        logger.error('Knowledge suggestions failed', { error: error.message, status: error.status });
        throw new HttpError(
          502,
          'provider_error',
          'Suggestions are unavailable right now. Please try again.',
        );
      }
    });
};
