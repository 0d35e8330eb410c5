import { WEBHOOK_TEXTS } from '@shared/webhooks';
import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it, vi } from 'vitest';
import { AUTOMATIONS_TEXTS } from '@shared/automations';
import { createErrorHandler, validationHook } from '../../platform/errors/error-handler';
import { createLogger } from '../../platform/logging/logger';
import { tokenCipherNotConfigured } from '../../providers/calendar/token-cipher';
import type { AutomationsDeps } from './deps';
import { hookRoutes } from './hook-routes';
import { newApiKey } from './key-material';

/** The deployed rules of POST /api/hooks, on the routes alone: https only, and no secret stored unsealed. */
function deployedHooks(withinRate = true) {
  const subscribe = vi.fn();
  const deps = {
    config: { appEnv: 'aws' },
    logger: createLogger(() => undefined),
    now: () => new Date('2026-11-29T12:00:00.000Z'),
    rateLimiter: { hit: async () => withinRate, secondsLeft: () => 42 },
    data: {
      apiKeys: {
        grantOf: async () => ({ owner_id: 'owner-1', key_id: 'key_1', scope: 'subscribe' }),
        touch: async () => undefined,
      },
      hooks: { subscribe },
    },
    providers: { calendar: { tokenCipher: tokenCipherNotConfigured } },
  } as unknown as AutomationsDeps;
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.onError(createErrorHandler(deps.logger));
  app.route('/', hookRoutes(deps));
  const post = (target_url: string) =>
    app.request('/api/hooks', {
      method: 'POST',
      headers: { Authorization: `Bearer ${newApiKey()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ target_url, event: 'message.taken' }),
    });
  return { post, subscribe };
}

describe('POST /api/hooks deployed', () => {
  it('refuses http and internal hosts with a 400 naming target_url', async () => {
    const { post, subscribe } = deployedHooks();
    for (const [url, message] of [
      ['http://hooks.zapier.com/x', WEBHOOK_TEXTS.httpsOnly],
      ['https://10.0.0.5/x', WEBHOOK_TEXTS.privateAddress],
    ]) {
      const answer = await post(url!);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: 'invalid_target_url', message });
    }
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('answers 503 with the reason, storing nothing, when no encryption key seals the secret', async () => {
    const { post, subscribe } = deployedHooks();
    const answer = await post('https://hooks.zapier.com/hooks/standard/1/x/');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({
      error: 'not_configured',
      message: AUTOMATIONS_TEXTS.signingUnavailable,
    });
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('answers 429 with Retry-After once the key has made its requests for the minute', async () => {
    const { post, subscribe } = deployedHooks(false);
    const answer = await post('https://hooks.zapier.com/hooks/standard/1/x/');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('Retry-After')).toBe('42');
    expect(await answer.json()).toMatchObject({ message: AUTOMATIONS_TEXTS.tooManyRequests });
    expect(subscribe).not.toHaveBeenCalled();
  });
});
