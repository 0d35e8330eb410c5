import { describe, expect, it } from 'vitest';
import { createApp } from '../../backend/src/entry/app';
import { ProviderNotConfiguredError } from '../../backend/src/platform/config/not-configured';
import { TWILIO_WEBHOOK_PATHS } from '../../backend/src/providers/telephony/port';
import { STRIPE_WEBHOOK_PATH } from '../../backend/src/capabilities/billing/stripe-webhook-routes';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

/** What an operator gets after a first deploy with an empty vendor-keys secret: refusals, never fakes. */
const AWS_WITHOUT_KEYS = {
  APP_ENV: 'aws',
  // Local-only settings a stray variable or secret key might carry: all ignored in AWS.
  LOCAL_PROVIDERS: 'true',
  STRIPE_API_BASE: 'http://127.0.0.1:9/stripe',
  TWILIO_API_BASE: 'http://127.0.0.1:9/twilio',
};

const call = (token: string, method: string, body?: unknown) => ({
  method,
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

describe('fail closed: the app in AWS mode without vendor keys', async () => {
  const { app, deps, logLines, services } = await createTestApp(AWS_WITHOUT_KEYS);
  const owner = await createConfirmedUser(services, 'failclosed');
  const token = owner.tokens.IdToken;
  const userId = owner.sub;

  it('turns local providers off and ignores vendor base URLs', () => {
    expect(deps.config.localProviders).toBe(false);
    expect(deps.config.stripe.apiBase).toBeUndefined();
    expect(deps.config.twilio.apiBase).toBeUndefined();
    expect(deps.localOutbox).toBeUndefined();
  });

  it('keeps /health and the per-user API up', async () => {
    expect((await app.request('/health')).status).toBe(200);
    const setup = await app.request(`/oauth/users/${userId}/status`, call(token, 'GET'));
    expect(setup.status).toBeLessThan(500);
  });

  it.each([
    [
      'places',
      'POST',
      '/oauth/business-lookup',
      { business_name: 'Golden Gate Dental' },
      'GOOGLE_PLACES_API_KEY',
    ],
    ['telephony', 'GET', '/oauth/phone-numbers/available?areaCode=415', undefined, 'TWILIO_ACCOUNT_SID'],
    ['payments', 'GET', '/oauth/subscription/products', undefined, 'STRIPE_SECRET_KEY'],
  ])('%s answers 503 naming the missing key', async (provider, method, path, body, key) => {
    const before = logLines.length;
    const response = await app.request(path, call(token, method, body));
    expect(response.status).toBe(503);
    const error = (await response.json()) as { error: string; message: string; details: unknown };
    expect(error.error).toBe('provider_not_configured');
    expect(error.message).toContain(`${key} is missing`);
    expect(error.details).toMatchObject({ provider, missing_keys: expect.arrayContaining([key]) });
    const refusals = logLines.slice(before).filter((line) => line.message === 'Provider not configured');
    expect(refusals).toEqual([
      expect.objectContaining({ provider, missing_keys: expect.arrayContaining([key]) }),
    ]);
  });

  it('refuses the AI text and speech providers instead of answering from local templates', async () => {
    await expect(deps.providers.llm.generateDescription({ business_name: 'X' })).rejects.toThrow(
      ProviderNotConfiguredError,
    );
    await expect(deps.providers.speech.listVoices()).rejects.toThrow(/OPENAI_API_KEY is missing/);
  });

  it('never serves the local checkout or outbox pages', async () => {
    expect((await app.request('/local/outbox')).status).toBe(404);
  });
});

describe('fail closed: each Lambda surface in AWS without vendor keys', async () => {
  // In AWS the API and telephony functions serve createApp(deps, 'api') and createApp(deps, 'telephony').
  const { deps, services } = await createTestApp(AWS_WITHOUT_KEYS);
  const telephony = createApp(deps, 'telephony');
  const api = createApp(deps, 'api');
  const owner = await createConfirmedUser(services, 'failsurface');
  const refusal = async (response: Response, key: string) => {
    expect(response.status).toBe(503);
    const error = (await response.json()) as { error: string; message: string };
    expect(error.error).toBe('provider_not_configured');
    expect(error.message).toContain(`${key} is missing`);
  };
  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': 'x' },
    body: new URLSearchParams(body).toString(),
  });

  it('telephony: number search and purchase answer 503 naming the key, never local numbers', async () => {
    await refusal(
      await telephony.request(
        '/oauth/phone-numbers/available?areaCode=415',
        call(owner.tokens.IdToken, 'GET'),
      ),
      'TWILIO_ACCOUNT_SID',
    );
    // The API function does not serve them at all (API Gateway routes them to the telephony function).
    expect(
      (await api.request('/oauth/phone-numbers/available?areaCode=415', call(owner.tokens.IdToken, 'GET')))
        .status,
    ).toBe(404);
  });

  it("telephony: Twilio's voice and SMS webhooks answer 503 naming TWILIO_AUTH_TOKEN", async () => {
    const sid = `CA${'0'.repeat(32)}`;
    await refusal(
      await telephony.request(
        TWILIO_WEBHOOK_PATHS.voice,
        form({ CallSid: sid, AccountSid: `AC${'0'.repeat(32)}`, From: '+14155550199', To: '+14155550100' }),
      ),
      'TWILIO_AUTH_TOKEN',
    );
    await refusal(
      await telephony.request(
        TWILIO_WEBHOOK_PATHS.sms,
        form({ MessageSid: `SM${'0'.repeat(32)}`, From: '+14155550199', To: '+14155550100', Body: 'hi' }),
      ),
      'TWILIO_AUTH_TOKEN',
    );
  });

  it("api: Stripe's webhook answers 503 naming STRIPE_WEBHOOK_SECRET", async () => {
    await refusal(
      await api.request(STRIPE_WEBHOOK_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=x' },
        body: '{}',
      }),
      'STRIPE_WEBHOOK_SECRET',
    );
  });
});

describe('fail closed: keys are checked one by one', async () => {
  const { app, deps, services } = await createTestApp({
    APP_ENV: 'aws',
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'not-a-token',
    GOOGLE_PLACES_API_KEY: `AIza${'x'.repeat(35)}`,
  });
  const owner = await createConfirmedUser(services, 'badkey');

  it('drops a malformed key with a precise reason and keeps the valid ones real', async () => {
    expect(deps.config.vendorKeyProblems).toEqual({ TWILIO_AUTH_TOKEN: 'must be 32 hex digits' });
    expect(deps.providers.places.name).toBe('google');
    const response = await app.request(
      '/oauth/phone-numbers/available?areaCode=415',
      call(owner.tokens.IdToken, 'GET'),
    );
    expect(response.status).toBe(503);
    const error = (await response.json()) as { message: string };
    expect(error.message).toContain('TWILIO_AUTH_TOKEN must be 32 hex digits');
    expect(error.message).not.toContain('not-a-token');
  });
});
