import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../shared/origin-verify';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import {
  readOriginVerifyTokens,
  withOriginVerifyToken,
} from '../../backend/src/platform/config/vendor-secrets';
import {
  createOriginVerifier,
  ORIGIN_VERIFY_RELOAD_INTERVAL_MS,
  originVerifierFor,
} from '../../backend/src/platform/http/origin-verify';
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

/**
 * Rotation (docs/deploy.md "Rotating the origin-verify secret"): `put-secret-value` makes the new value
 * AWSCURRENT and the old one AWSPREVIOUS; the functions accept both while CloudFront's edges change over.
 */
describe('origin verify: two accepted values, so the secret can rotate', async () => {
  const OLD = randomBytes(32).toString('hex');
  const NEW = randomBytes(32).toString('hex');
  const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:receptionist/prod/origin-verify-XyZ';
  const fake = await startFakeSecretsManager({ [ARN]: OLD });
  afterAll(() => fake.stop());
  const client = fake.client();

  it('answers requests carrying the current value or the previous one, and no other', async () => {
    const { app } = await createTestApp({
      APP_ENV: 'aws',
      ORIGIN_VERIFY_TOKEN: NEW,
      ORIGIN_VERIFY_PREVIOUS_TOKEN: OLD,
    });
    const status = async (value?: string) =>
      (await app.request('/health', { headers: value ? { [ORIGIN_VERIFY_HEADER]: value } : {} })).status;
    expect(await status(NEW)).toBe(200);
    expect(await status(OLD)).toBe(200);
    expect(await status()).toBe(403);
    expect(await status(randomBytes(32).toString('hex'))).toBe(403);
  });

  it('reads AWSCURRENT and, once rotated, AWSPREVIOUS at cold start', async () => {
    const env = { APP_ENV: 'aws', ORIGIN_VERIFY_SECRET_ARN: ARN };
    // Never rotated: no AWSPREVIOUS version, so only the current value.
    const first = await withOriginVerifyToken(env, { required: true, client });
    expect(first.ORIGIN_VERIFY_TOKEN).toBe(OLD);
    expect(first.ORIGIN_VERIFY_PREVIOUS_TOKEN).toBeUndefined();
    fake.putSecretValue(ARN, NEW);
    const rotated = await withOriginVerifyToken(env, { required: true, client });
    expect([rotated.ORIGIN_VERIFY_TOKEN, rotated.ORIGIN_VERIFY_PREVIOUS_TOKEN]).toEqual([NEW, OLD]);
    expect(
      fake.requests
        .slice(-2)
        .map((request) => request.body.VersionStage)
        .sort(),
    ).toEqual(['AWSCURRENT', 'AWSPREVIOUS']);
  });

  it('lets a warm instance learn the new value from the secret when CloudFront starts sending it', async () => {
    const SECRET =
      'arn:aws:secretsmanager:us-east-1:123456789012:secret:receptionist/prod/origin-verify-Warm';
    const warm = await startFakeSecretsManager({ [SECRET]: OLD });
    try {
      let clock = 1_000_000;
      // Started before the rotation: it holds the old value only.
      const verifier = originVerifierFor(
        { region: 'us-east-1', originVerify: { tokens: [OLD], secretArn: SECRET } },
        { client: warm.client() },
      )!;
      expect(await verifier.accepts(OLD)).toBe(true);
      warm.putSecretValue(SECRET, NEW);
      // Just started: it read the secret a moment ago, so an unknown value is refused without a read.
      const reads = warm.requests.length;
      expect(await verifier.accepts(NEW)).toBe(false);
      expect(warm.requests.length).toBe(reads);

      const timed = createOriginVerifier({
        tokens: [OLD],
        now: () => clock,
        reload: async () => {
          const { current, previous } = await readOriginVerifyTokens(warm.client(), SECRET);
          return [current, previous!];
        },
      });
      clock += ORIGIN_VERIFY_RELOAD_INTERVAL_MS;
      // Two requests with the new value at once share one re-read; both pass, and the old value still does.
      expect(await Promise.all([timed.accepts(NEW), timed.accepts(NEW)])).toEqual([true, true]);
      expect(warm.requests.length).toBe(reads + 2);
      expect(await timed.accepts(OLD)).toBe(true);
      // A made-up value right after: refused without another read (at most one re-read a minute).
      expect(await timed.accepts('x'.repeat(64))).toBe(false);
      expect(warm.requests.length).toBe(reads + 2);
    } finally {
      await warm.stop();
    }
  });

  it('keeps the values it holds when the secret cannot be re-read', async () => {
    let clock = 0;
    const verifier = createOriginVerifier({
      tokens: [OLD],
      now: () => clock,
      reload: () => Promise.reject(new Error('AccessDenied')),
    });
    clock += ORIGIN_VERIFY_RELOAD_INTERVAL_MS;
    expect(await verifier.accepts(NEW)).toBe(false);
    expect(await verifier.accepts(OLD)).toBe(true);
  });
});
