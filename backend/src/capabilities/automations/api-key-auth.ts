import { createMiddleware } from 'hono/factory';
import {
  API_KEY_REQUESTS_PER_MINUTE,
  AUTOMATIONS_TEXTS,
  isApiKeyFormat,
  scopeAllows,
  type ApiKeyScope,
} from '@shared/automations';
import { bearerToken } from '../../platform/auth/token-verifier';
import { forbidden, tooManyRequests, unauthorized } from '../../platform/errors/http-error';
import type { AutomationsDeps } from './deps';
import { hashApiKey } from './key-material';

/** The key a request authenticated with: the owner is the only tenant its routes may touch. */
export type ApiKeyCaller = { ownerId: string; keyId: string; scope: ApiKeyScope };
export type ApiKeyVariables = { apiKey: ApiKeyCaller };

/** A key's last-used time moves at most once a minute: polling costs no write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The public API's authentication (docs/decisions/179): `Authorization: Bearer rk_live_…` or `X-API-Key`.
 * No key → 401; a key of the wrong shape, unknown or revoked → 401 (the same answer, so nothing tells a
 * revoked key from a made-up one); a key without the scope → 403; past the key's rate → 429. The key never
 * reaches a log line: only its id is logged, and the logger redacts anything named like a key.
 */
export const requireApiKey = (
  deps: Pick<AutomationsDeps, 'data' | 'rateLimiter' | 'logger' | 'now'>,
  needs: ApiKeyScope,
) =>
  createMiddleware<{ Variables: ApiKeyVariables }>(async (c, next) => {
    const presented = bearerToken(c.req.header('Authorization')) ?? c.req.header('X-API-Key')?.trim();
    if (!presented) throw unauthorized(AUTOMATIONS_TEXTS.missingKey);
    if (!isApiKeyFormat(presented)) throw unauthorized(AUTOMATIONS_TEXTS.invalidKey);
    const keyHash = hashApiKey(presented);
    const grant = await deps.data.apiKeys.grantOf(keyHash);
    if (!grant) throw unauthorized(AUTOMATIONS_TEXTS.invalidKey);
    if (!scopeAllows(grant.scope, needs)) throw forbidden(AUTOMATIONS_TEXTS.wrongScope(needs));
    if (!(await deps.rateLimiter.hit(`api-key#${grant.key_id}`, API_KEY_REQUESTS_PER_MINUTE, 60)))
      throw tooManyRequests(AUTOMATIONS_TEXTS.tooManyRequests, deps.rateLimiter.secondsLeft(60));
    const stale =
      !grant.last_used_at || Date.parse(grant.last_used_at) < deps.now().getTime() - LAST_USED_RESOLUTION_MS;
    if (stale)
      await deps.data.apiKeys.touch(keyHash, LAST_USED_RESOLUTION_MS).catch((error: unknown) => {
        // A missed last-used time is no reason to refuse the call.
        deps.logger.warn('automations.last_used_failed', { keyId: grant.key_id, error: String(error) });
      });
    c.set('apiKey', { ownerId: grant.owner_id, keyId: grant.key_id, scope: grant.scope });
    await next();
  });
