import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../shared/origin-verify';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/providers/telephony/local-sms-delivery';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { VOICE_PATHS } from '../../backend/src/routes/twilio-webhooks/voice-webhook-routes';
import { withOriginVerifyToken } from '../../backend/src/config/vendor-secrets';
import { startFakeSecretsManager } from '../fakes/secrets-manager/fake-secrets-manager';
import { createTestApp } from '../support/test-app';

/**
 * The WAF cannot be bypassed through API Gateway's own execute-api URL: in AWS the app answers only requests
 * carrying CloudFront's origin-verify header (infra/lib/api-edge.ts adds it), with a 403 JSON error
 * otherwise; vendor webhooks through CloudFront keep working.
 */
const TOKEN = randomBytes(32).toString('hex');
const TWILIO_AUTH_TOKEN = 'b'.repeat(32);
const PUBLIC_API_URL = 'https://api.example.test';

describe('origin verify: the HTTP API in AWS answers only through CloudFront', async () => {
  const { app } = await createTestApp({
    APP_ENV: 'aws',
    ORIGIN_VERIFY_TOKEN: TOKEN,
    PUBLIC_API_URL,
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN,
  });

  it('refuses a request without the header, or with a wrong one, with a 403 JSON error', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'guess' },
      { [ORIGIN_VERIFY_HEADER]: `${TOKEN}x` },
    ];
    for (const headers of attempts) {
      const response = await app.request('/health', { headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: 'forbidden',
        message: "Requests must come through the API's public URL",
      });
    }
  });

  it('answers a request CloudFront forwarded', async () => {
    const response = await app.request('/health', { headers: { [ORIGIN_VERIFY_HEADER]: TOKEN } });
    expect(response.status).toBe(200);
  });

  it("keeps Twilio's webhooks working through CloudFront: the signature is still checked over the public URL", async () => {
    const form = {
      CallSid: `CA${randomBytes(16).toString('hex')}`,
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: '+14155550199',
      To: '+12125550999',
    };
    const request = (headers: Record<string, string>) =>
      app.request(`${PUBLIC_API_URL}${VOICE_PATHS.incoming}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': signTwilioRequest(
            TWILIO_AUTH_TOKEN,
            `${PUBLIC_API_URL}${VOICE_PATHS.incoming}`,
            form,
          ),
          ...headers,
        },
        body: new URLSearchParams(form).toString(),
      });
    // An unknown number: TwiML that says so, i.e. the webhook ran.
    const through = await request({ [ORIGIN_VERIFY_HEADER]: TOKEN });
    expect(through.status).toBe(200);
    expect(through.headers.get('content-type')).toMatch(/^text\/xml/);
    // The same signed request sent straight to execute-api is refused before the route runs.
    expect((await request({})).status).toBe(403);
  });
});

describe('origin verify: nothing is checked outside AWS', async () => {
  const { app } = await createTestApp({ ORIGIN_VERIFY_TOKEN: TOKEN });
  it('answers locally without the header', async () => {
    expect((await app.request('/health')).status).toBe(200);
  });
});

describe('origin verify token from Secrets Manager at cold start', async () => {
  const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:receptionist/prod/origin-verify-AbCdEf';
  const fake = await startFakeSecretsManager({ [ARN]: TOKEN });
  afterAll(() => fake.stop());
  const client = fake.client();

  it('reads the token named by ORIGIN_VERIFY_SECRET_ARN', async () => {
    const env = await withOriginVerifyToken(
      { APP_ENV: 'aws', ORIGIN_VERIFY_SECRET_ARN: ARN },
      { required: true, client },
    );
    expect(env.ORIGIN_VERIFY_TOKEN).toBe(TOKEN);
  });

  it('refuses to start a deployed HTTP function without it; other functions and local runs need none', async () => {
    await expect(withOriginVerifyToken({ APP_ENV: 'aws' }, { required: true, client })).rejects.toThrow(
      /ORIGIN_VERIFY_SECRET_ARN is not set/,
    );
    expect(await withOriginVerifyToken({ APP_ENV: 'aws' }, { required: false, client })).toEqual({
      APP_ENV: 'aws',
    });
    expect(await withOriginVerifyToken({ APP_ENV: 'local' }, { required: true, client })).toEqual({
      APP_ENV: 'local',
    });
  });
});
