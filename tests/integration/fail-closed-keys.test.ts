import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { SMS_TEXTS } from '../../shared/caller-texts';
import { VOICE_TEXTS } from '../../shared/voice-relay';
import { createApp } from '../../backend/src/entry/app';
import { initLambda } from '../../backend/src/entry/lambda-init';
import { createLogger } from '../../backend/src/platform/logging/logger';
import { createRecordingMetrics } from '../../backend/src/platform/observability/metrics';
import { ProviderNotConfiguredError } from '../../backend/src/platform/config/not-configured';
import { TWILIO_WEBHOOK_PATHS } from '../../backend/src/providers/telephony/port';
import { messagesInTwiml, readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { conversationIdOfCall } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { startFakeSecretsManager } from '../fakes/secrets-manager/fake-secrets-manager';
import { approveTexting, setSubscription, TEST_API_ORIGIN } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { freshAppTable } from '../support/fresh-table';

/**
 * Fail closed per key (docs/decisions/160-fail-closed.md): a deployed function built exactly as Lambda
 * builds it (initLambda in AWS mode, the vendor keys read from a Secrets Manager fake whose secret lacks
 * one key), against DynamoDB Local and cognito-local.
 */
const ACCOUNT_SID = `AC${'1'.repeat(32)}`;
const AUTH_TOKEN = 'a'.repeat(32);
const OPENAI_KEY = `sk-${'b'.repeat(40)}`;
const TOKEN_KEY = randomBytes(32).toString('base64');
const BUSINESS_PHONE = '+14155550142';
const CALLER = '+14155550199';
const SECRET_ARN =
  'arn:aws:secretsmanager:us-east-1:123456789012:secret:receptionist/test/vendor-keys-AbCdEf';

/** A deployed function's start: the secret holds `secret`, the stack's environment is `env`. */
async function deployedFunction(secret: Record<string, string>, env: Record<string, string> = {}) {
  const services = inject('localServices');
  const fake = await startFakeSecretsManager({ [SECRET_ARN]: JSON.stringify(secret) });
  const { tableName } = await freshAppTable('test', { timeToLive: true });
  const logLines: Array<Record<string, unknown>> = [];
  const recorded = createRecordingMetrics();
  const { deps } = await initLambda({
    env: {
      APP_ENV: 'aws',
      STAGE: 'test',
      SECRETS_ARN: SECRET_ARN,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: services.dynamoDbEndpoint,
      COGNITO_ISSUER: services.issuer,
      COGNITO_JWKS_URL: services.jwksUrl,
      ...env,
    },
    secretsClient: fake.client(),
    logger: createLogger((line) => logLines.push(JSON.parse(line) as Record<string, unknown>)),
    metrics: recorded.metrics,
  });
  afterAll(() => fake.stop());
  return { deps, logLines, counted: recorded.counted, services };
}

/** A subscribed owner's assistant line (straight into the table: no Twilio purchase in AWS mode). */
async function assistantLine(
  deps: Awaited<ReturnType<typeof deployedFunction>>['deps'],
  options: { ownerId?: string; businessPhone?: string; escalationEmail?: string } = {},
) {
  const ownerId = options.ownerId ?? randomUUID();
  const businessName = 'Bella Hair Studio';
  await deps.data.businessConfigs.createConfig(ownerId, {
    business_name: businessName,
    ...(options.businessPhone ? { phone_number: options.businessPhone } : {}),
    ...(options.escalationEmail ? { escalation_email: options.escalationEmail } : {}),
  });
  const assistantNumber = `+1212${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const claim = await deps.data.phoneReservations.claim(ownerId, assistantNumber);
  if (claim.outcome !== 'claimed') throw new Error(`could not claim ${assistantNumber}`);
  await deps.data.phoneReservations.activate(ownerId, assistantNumber, `PN${'2'.repeat(32)}`, []);
  await deps.data.businessConfigs.updateConfigFields(ownerId, { assistant_phone: assistantNumber });
  await setSubscription(deps, ownerId, 'trialing');
  // Registered for texting (decision 169's seed rule): these tests are about the missing OpenAI key.
  await approveTexting(deps, ownerId);
  return { ownerId, assistantNumber, businessName };
}

const signedPost = (app: ReturnType<typeof createApp>, path: string, form: Record<string, string>) => {
  const url = `${TEST_API_ORIGIN}${path}`;
  return app.request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signTwilioRequest(AUTH_TOKEN, url, form),
    },
    body: new URLSearchParams(form).toString(),
  });
};

describe('fail closed in AWS without OPENAI_API_KEY', async () => {
  const { deps, logLines, counted, services } = await deployedFunction(
    { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TOKEN_ENCRYPTION_KEY: TOKEN_KEY },
    { SES_FROM_ADDRESS: 'hello@ringly.example' },
  );
  const telephony = createApp(deps, 'telephony');
  const api = createApp(deps, 'api');
  const unavailableCounts = (channel?: string) =>
    counted.filter(
      (m) => m.name === 'AssistantUnavailable' && (channel === undefined || m.dimensions.channel === channel),
    ).length;

  it('names the key in the cold-start report, logs the outage as an error and counts it for the alarm', () => {
    const report = logLines.find((line) => line.message === 'Providers at cold start');
    expect(report).toMatchObject({
      app_env: 'aws',
      notConfigured: expect.objectContaining({ assistant: ['OPENAI_API_KEY (missing)'] }),
    });
    expect((report!.real as string[]).sort()).toEqual(['email', 'calendar', 'telephony'].sort());
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        requirement: 'assistant',
        missing_keys: ['OPENAI_API_KEY (missing)'],
      }),
    );
    expect(counted).toContainEqual({ name: 'AssistantUnavailable', value: 1, dimensions: {} });
    // The e-mail requirement is met here: no e-mail outage is reported.
    expect(counted.some((m) => m.name === 'EmailUnavailable')).toBe(false);
  });

  it("answers the owner's test chat, test call and assistant check with 503 naming the key, storing nothing", async () => {
    const owner = await createConfirmedUser(services, 'nokeychat');
    await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Bella Hair Studio' });
    const before = unavailableCounts('chat');
    const headers = { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' };
    for (const [path, body] of [
      [`/oauth/users/${owner.sub}/test-chat`, JSON.stringify({ text: 'Are you open on Saturday?' })],
      [`/oauth/users/${owner.sub}/test-call`, undefined],
      [`/oauth/users/${owner.sub}/assistant-check`, undefined],
    ] as const) {
      const response = await api.request(path, { method: 'POST', headers, ...(body ? { body } : {}) });
      expect(response.status).toBe(503);
      const error = (await response.json()) as { error: string; message: string; details: unknown };
      expect(error.error).toBe('provider_not_configured');
      expect(error.message).toContain('OPENAI_API_KEY is missing');
      expect(error.details).toEqual({ provider: 'assistant', missing_keys: ['OPENAI_API_KEY'] });
    }
    expect(unavailableCounts('chat')).toBe(before + 3);
    expect(await deps.data.conversations.listConversations(owner.sub, new Date(0), new Date())).toEqual([]);
  });

  it("tells a caller the assistant is unavailable and forwards the call to the business's phone", async () => {
    const line = await assistantLine(deps, { businessPhone: BUSINESS_PHONE });
    const before = unavailableCounts('voice');
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const response = await signedPost(telephony, TWILIO_WEBHOOK_PATHS.voice, {
      CallSid: callSid,
      AccountSid: ACCOUNT_SID,
      From: CALLER,
      To: line.assistantNumber,
    });
    expect(response.status).toBe(200);
    const twiml = readVoiceTwiml(await response.text());
    expect(twiml).toMatchObject({
      say: VOICE_TEXTS.assistantUnavailable(line.businessName),
      dial: BUSINESS_PHONE,
      relay: undefined,
    });
    expect(unavailableCounts('voice')).toBe(before + 1);
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'receptionist.unavailable',
        channel: 'voice',
        missing_keys: ['OPENAI_API_KEY'],
      }),
    );
    // Never a half-made conversation for the rules engine to pick up.
    expect(await deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();
  });

  it('says so and hangs up politely when the business has no phone to forward to', async () => {
    const line = await assistantLine(deps);
    const response = await signedPost(telephony, TWILIO_WEBHOOK_PATHS.voice, {
      CallSid: `CA${randomBytes(16).toString('hex')}`,
      AccountSid: ACCOUNT_SID,
      From: CALLER,
      To: line.assistantNumber,
    });
    const twiml = readVoiceTwiml(await response.text());
    expect(twiml).toMatchObject({
      say: VOICE_TEXTS.assistantUnavailableNoLine(line.businessName),
      dial: undefined,
      hangUp: true,
    });
  });

  it('tells a texter the number is not answering right now, with the business number', async () => {
    const line = await assistantLine(deps, { businessPhone: BUSINESS_PHONE });
    const before = unavailableCounts('sms');
    const response = await signedPost(telephony, TWILIO_WEBHOOK_PATHS.sms, {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      AccountSid: ACCOUNT_SID,
      From: CALLER,
      To: line.assistantNumber,
      Body: 'Can I book a haircut tomorrow?',
      NumMedia: '0',
    });
    expect(response.status).toBe(200);
    expect(messagesInTwiml(await response.text())).toEqual([
      SMS_TEXTS.unavailable(line.businessName, '(415) 555-0142'),
    ]);
    expect(unavailableCounts('sms')).toBe(before + 1);
    expect(
      await deps.data.conversationStates.openThread(line.ownerId, 'sms', CALLER, new Date(0)),
    ).toBeUndefined();
  });

  it("still takes STOP and HELP, which need no assistant, leaving their answers to Twilio's Advanced Opt-Out", async () => {
    const line = await assistantLine(deps, { businessPhone: BUSINESS_PHONE });
    const keyword = async (Body: string, OptOutType: string) => {
      const response = await signedPost(telephony, TWILIO_WEBHOOK_PATHS.sms, {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: ACCOUNT_SID,
        From: CALLER,
        To: line.assistantNumber,
        Body,
        NumMedia: '0',
        OptOutType,
      });
      expect(response.status).toBe(200);
      return messagesInTwiml(await response.text());
    };
    expect(await keyword('HELP', 'HELP')).toEqual([]);
    expect(await keyword('Stop', 'STOP')).toEqual([]);
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, CALLER)).toBe(true);
  });

  it('never lets the rules engine answer a turn that reaches the model anyway (a relay socket)', async () => {
    const line = await assistantLine(deps, { businessPhone: BUSINESS_PHONE });
    const state = await deps.receptionist.startConversation({
      ownerId: line.ownerId,
      channel: 'voice',
      caller: CALLER,
      assistantNumber: line.assistantNumber,
    });
    const turn = async () => {
      for await (const event of deps.receptionist.runTurn(state.id, { text: 'hello' })) void event;
    };
    await expect(turn()).rejects.toThrow(ProviderNotConfiguredError);
    expect(deps.receptionist.kind).toBe('openai');
  });
});

describe.each<{ missing: string; secret: { TOKEN_ENCRYPTION_KEY?: string }; env: Record<string, string> }>([
  {
    missing: 'TOKEN_ENCRYPTION_KEY',
    secret: { TOKEN_ENCRYPTION_KEY: undefined },
    env: { SES_FROM_ADDRESS: 'hello@ringly.example' },
  },
  { missing: 'SES_FROM_ADDRESS', secret: { TOKEN_ENCRYPTION_KEY: TOKEN_KEY }, env: {} },
])('fail closed in AWS without $missing (the e-mail requirement)', async ({ missing, secret, env }) => {
  const { deps, logLines, counted } = await deployedFunction(
    {
      OPENAI_API_KEY: OPENAI_KEY,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      ...(secret.TOKEN_ENCRYPTION_KEY ? { TOKEN_ENCRYPTION_KEY: secret.TOKEN_ENCRYPTION_KEY } : {}),
    },
    env,
  );
  const emailOutages = () => counted.filter((m) => m.name === 'EmailUnavailable').length;

  it('names the key in the cold-start report, logs the outage as an error and counts it for the alarm', () => {
    const report = logLines.find((line) => line.message === 'Providers at cold start');
    expect(report).toMatchObject({ notConfigured: { email: [`${missing} (missing)`] } });
    expect(report!.real).toContain('assistant');
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        requirement: 'email',
        missing_keys: [`${missing} (missing)`],
      }),
    );
    expect(emailOutages()).toBe(1);
    expect(counted.some((m) => m.name === 'AssistantUnavailable')).toBe(false);
  });

  it("sends no summary e-mail when a call ends: an error names the key, it is counted, and it isn't retried", async () => {
    const line = await assistantLine(deps, { escalationEmail: 'owner@example.com' });
    const state = await deps.receptionist.startConversation({
      ownerId: line.ownerId,
      channel: 'voice',
      caller: CALLER,
      assistantNumber: line.assistantNumber,
    });
    const before = emailOutages();
    await deps.receptionist.finish(state.id, 'call completed');
    await deps.notifier.settled();
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'notifications.email_not_configured',
        owner_id: line.ownerId,
        kind: 'summary',
        missing_keys: [missing],
      }),
    );
    expect(emailOutages()).toBe(before + 1);
    // Marked done (skipped): the sweep does not try it again every two minutes.
    expect(await deps.notifier.deliverSummary(state.id)).toBe('already');
  });

  it('refuses every other e-mail (invitations, calendar shares) naming the key', async () => {
    await expect(
      deps.providers.email.send({ to: 'friend@example.com', subject: 'Hi', text: 'Hello', kind: 'test' }),
    ).rejects.toThrow(new ProviderNotConfiguredError('email', [{ key: missing, reason: 'missing' }]));
  });
});
