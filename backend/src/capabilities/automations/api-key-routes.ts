import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { API_KEYS_PER_OWNER, AUTOMATIONS_TEXTS, shownPrefixOf } from '@shared/automations';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  apiKeyParamsSchema,
  apiKeysSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  revokedApiKeySchema,
} from '@shared/schemas/automations';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, notFound } from '../../platform/errors/http-error';
import { enforceUserQuota, TOO_MANY_REQUESTS } from '../../platform/quotas/user-quotas';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import type { AutomationsDeps } from './deps';
import { hashApiKey, newApiKey, newKeyId } from './key-material';

/**
 * The dashboard's side of API keys (docs/decisions/179): list, create (the key is in the answer, once, and
 * never stored), revoke. Cognito-authenticated per-user routes like every owner setting.
 */
export const apiKeyRoutes = (deps: AutomationsDeps) => {
  const { data, verifyToken } = deps;
  const keysPath = '/oauth/users/{userId}/api-keys';

  const listRoute = createRoute({
    method: 'get',
    path: keysPath,
    tags: ['automations'],
    summary: "The owner's API keys, newest first: name, scope, prefix, created and last used (never the key)",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(apiKeysSchema, 'The keys and the limit'), ...errorResponses },
  });
  const createKeyRoute = createRoute({
    method: 'post',
    path: keysPath,
    tags: ['automations'],
    summary: 'Create an API key; the answer holds the key itself, shown this once',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: createApiKeyRequestSchema } }, required: true },
    },
    responses: {
      201: jsonContent(createdApiKeySchema, 'Created; `key` is never shown again'),
      ...errorResponses,
      409: jsonContent(apiErrorSchema, 'The owner already has the most keys allowed'),
      429: jsonContent(apiErrorSchema, 'Too many keys created today'),
    },
  });
  const revokeRoute = createRoute({
    method: 'delete',
    path: `${keysPath}/{keyId}`,
    tags: ['automations'],
    summary: 'Revoke an API key: it stops working at once, and the hooks it subscribed are removed',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: apiKeyParamsSchema },
    responses: {
      200: jsonContent(revokedApiKeySchema, 'Revoked'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No such key'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const keys = await data.apiKeys.list(c.req.valid('param').userId);
      return c.json({ keys, limit: API_KEYS_PER_OWNER }, 200);
    })
    .openapi(createKeyRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const { name, scope } = c.req.valid('json');
      await enforceUserQuota(deps.rateLimiter, 'apiKeyCreates', userId, TOO_MANY_REQUESTS);
      const key = newApiKey();
      const outcome = await data.apiKeys.create(userId, {
        key_id: newKeyId(),
        name,
        scope,
        prefix: shownPrefixOf(key),
        key_hash: hashApiKey(key),
      });
      if (outcome.kind === 'limit_reached')
        throw new HttpError(409, 'limit_reached', AUTOMATIONS_TEXTS.keyLimitReached(API_KEYS_PER_OWNER));
      deps.logger.info('automations.key_created', { keyId: outcome.key.id, scope });
      return c.json({ ...outcome.key, key }, 201);
    })
    .openapi(revokeRoute, async (c) => {
      const { userId, keyId } = c.req.valid('param');
      if (!(await data.apiKeys.revoke(userId, keyId))) throw notFound(AUTOMATIONS_TEXTS.keyNotFound);
      // A revoked key's subscriptions would keep sending the owner's data to whoever held the key.
      // One at a time: each moves the owner's hook count, and parallel moves would only conflict.
      let removed = 0;
      for (const hook of await data.hooks.ofKey(userId, keyId))
        if (await data.hooks.unsubscribe(userId, hook.hook_id)) removed += 1;
      deps.logger.info('automations.key_revoked', { keyId, hooksRemoved: removed });
      return c.json({ id: keyId, revoked: true as const, hooks_removed: removed }, 200);
    });
};
