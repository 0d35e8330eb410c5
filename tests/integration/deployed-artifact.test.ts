import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../shared/origin-verify';
import { VOICE_RELAY } from '../../shared/voice-relay';
import type { RelayOutgoing } from '../../shared/voice-relay-messages';
import { messagesInTwiml, readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { TWILIO_WEBHOOK_PATHS } from '../../backend/src/platform/http/webhook-paths';
import { dueHourOf } from '../../backend/src/capabilities/notifications/records/notification-records';
import { NOTIFICATIONS_QUEUE_URL_SETTING } from '../../shared/notifications-fan-out';
import { WEBHOOKS_QUEUE_URL_SETTING } from '../../shared/webhooks';
import { LAMBDA_CHUNK_DIR, LAMBDA_ENTRY_FILE } from '../../infra/lib/lambda-bundling';
import { ReceptionistStack } from '../../infra/lib/receptionist-stack';
import { renderToken, testApp, testStage } from '../../infra/test-support';
import { startFakeManagementApi } from '../fakes/apigateway-management/fake-management-api';
import { startFakeOpenAi } from '../fakes/openai/fake-openai';
import { startFakeSecretsManager } from '../fakes/secrets-manager/fake-secrets-manager';
import { startFakeSqs } from '../fakes/sqs/fake-sqs';
import { createAssistantLine } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import {
  readCloudAssembly,
  type CloudAssembly,
  type DeployedFunction,
} from '../support/lambda-runtime/cloud-assembly';
import { httpApiEvent, webSocketEvent } from '../support/lambda-runtime/lambda-events';
import {
  resolveEnvironment,
  startFunction,
  type RunningFunction,
} from '../support/lambda-runtime/lambda-runtime';
import { createTestApp } from '../support/test-app';

/**
 * The deployed artifact, not the source (docs/decisions/159-lambda-assets-per-function.md): the stack is
 * synthesized once, with real bundling, and each function is started from its own asset in the cloud
 * assembly as Lambda starts it (the template's Handler and Environment, plain Node's ESM loader, a task root
 * with nothing but the runtime's AWS SDK beside it), then invoked with the events API Gateway and
 * EventBridge send. Only the resources' addresses are stood in for: DynamoDB Local and cognito-local for the
 * table and the user pool, local fakes for Secrets Manager, the WebSocket connection management API and
 * OpenAI. A bundle missing its routes, a file left out of the asset, or a variable the stack names
 * differently from the code fails here.
 */

const STAGE = 'artifact';
const REGION = 'us-east-1';
/** The stand-in ids of the resources behind the template's tokens. */
const HTTP_API_ID = 'a1b2c3d4e5';
const SOCKET_API_ID = 'f6g7h8i9j0';
const PUBLIC_API_URL = 'https://d111111abcdef8.cloudfront.net';
const VENDOR_SECRET_ARN = `arn:aws:secretsmanager:${REGION}:123456789012:secret:receptionist-${STAGE}-vendor-keys-AbCdEf`;
const ORIGIN_SECRET_ARN = `arn:aws:secretsmanager:${REGION}:123456789012:secret:receptionist-${STAGE}-origin-verify-GhIjKl`;

const VENDOR_KEYS = {
  TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString('hex')}`,
  TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
  OPENAI_API_KEY: `sk-artifact-${randomBytes(16).toString('hex')}`,
};
const ORIGIN_VERIFY_TOKEN = randomBytes(32).toString('base64url');
const RELAY_URL = `wss://${SOCKET_API_ID}.execute-api.${REGION}.amazonaws.com/${STAGE}?${VOICE_RELAY.channelQuery.name}=${VOICE_RELAY.channelQuery.value}`;
const ASSISTANT_REPLY = 'We are at 12 Market St, open until six.';

const workDir = mkdtempSync(path.join(os.tmpdir(), 'ringly-artifact-'));
const outdir = path.join(workDir, 'cdk.out');

let assembly: CloudAssembly;
let functions: Record<'api' | 'telephony' | 'socket' | 'notifications', DeployedFunction>;
/**
 * Each function's cold start, by logical id: all started together in beforeAll, and a start that fails
 * (say, a crash at init) fails only the cases that invoke that function, with the function's own log.
 */
const started = new Map<string, Promise<RunningFunction>>();
let local: Awaited<ReturnType<typeof createTestApp>>;
let secrets: Awaited<ReturnType<typeof startFakeSecretsManager>>;
let management: Awaited<ReturnType<typeof startFakeManagementApi>>;
let openAi: Awaited<ReturnType<typeof startFakeOpenAi>>;
let sqs: Awaited<ReturnType<typeof startFakeSqs>>;
let notificationsQueueUrl: string;
let webhooksQueueUrl: string;

beforeAll(async () => {
  const app = testApp(outdir);
  const stack = new ReceptionistStack(app, {
    stage: testStage(STAGE, { region: REGION }),
    webBuildDir: path.join(workDir, 'no-web-build'),
  });
  app.synth();
  assembly = readCloudAssembly(outdir, stack.artifactId);
  functions = {
    api: assembly.fn('ApiFunction'),
    telephony: assembly.fn('TelephonyFunction'),
    socket: assembly.fn('SocketFunction'),
    notifications: assembly.fn('NotificationsFunction'),
  };

  // A fresh table in DynamoDB Local, and the same app code in-process to seed it.
  local = await createTestApp();
  secrets = await startFakeSecretsManager({
    [VENDOR_SECRET_ARN]: JSON.stringify(VENDOR_KEYS),
    [ORIGIN_SECRET_ARN]: ORIGIN_VERIFY_TOKEN,
  });
  management = await startFakeManagementApi();
  sqs = await startFakeSqs();
  notificationsQueueUrl = sqs.createQueue('notification-batches');
  webhooksQueueUrl = sqs.createQueue('webhook-deliveries');
  openAi = await startFakeOpenAi({
    apiKey: VENDOR_KEYS.OPENAI_API_KEY,
    reply: () => ASSISTANT_REPLY,
    streamReply: () => ({ content: ASSISTANT_REPLY }),
  });

  /** What each of the template's tokens stands for here, by variable name. */
  const standIns: Record<string, string> = {
    TABLE_NAME: local.tableName,
    COGNITO_USER_POOL_ID: local.deps.config.cognito.userPoolId,
    COGNITO_CLIENT_ID: local.deps.config.cognito.clientId,
    ALLOWED_ORIGINS: 'https://d222222abcdef8.cloudfront.net',
    SECRETS_ARN: VENDOR_SECRET_ARN,
    ORIGIN_VERIFY_SECRET_ARN: ORIGIN_SECRET_ARN,
    PUBLIC_API_URL,
    VOICE_RELAY_URL: RELAY_URL,
    WS_CALLBACK_URL: `${management.url}/${STAGE}`,
    [NOTIFICATIONS_QUEUE_URL_SETTING]: notificationsQueueUrl,
    // Outbound webhooks (docs/decisions/178): every function may emit to it.
    [WEBHOOKS_QUEUE_URL_SETTING]: webhooksQueueUrl,
  };
  /**
   * Where the local services answer, through settings the deployed code already honours in AWS: the app's
   * DynamoDB endpoint and token issuer (backend/src/platform/config/env.ts), and the AWS SDK's own per-service
   * endpoint variables for Secrets Manager and SQS.
   */
  const endpoints = {
    DYNAMODB_ENDPOINT: local.services.dynamoDbEndpoint,
    COGNITO_ISSUER: local.services.issuer,
    COGNITO_JWKS_URL: local.services.jwksUrl,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.url,
    AWS_ENDPOINT_URL_SQS: sqs.endpoint,
  };
  const vendorHosts = { 'https://api.openai.com': new URL(openAi.baseUrl).origin };

  for (const fn of Object.values(functions)) {
    started.set(
      fn.logicalId,
      (async () =>
        startFunction(fn, {
          environment: { ...resolveEnvironment(fn, standIns), ...endpoints },
          region: REGION,
          vendorHosts,
        }))(),
    );
  }
  await Promise.allSettled(started.values());
}, 600_000);

afterAll(async () => {
  const running = await Promise.allSettled(started.values());
  await Promise.all(running.map((start) => (start.status === 'fulfilled' ? start.value.stop() : undefined)));
  await Promise.all([secrets?.stop(), management?.close(), openAi?.close(), sqs?.stop()]);
  rmSync(workDir, { recursive: true, force: true });
});

const instance = (logicalId: string) => {
  const start = started.get(logicalId);
  if (!start) throw new Error(`${logicalId} is not a function of the stack`);
  return start;
};

/** The text of every module in a function's asset: its entry and its lazily loaded chunks. */
const assetCode = (fn: DeployedFunction) =>
  [
    path.join(fn.assetDir, LAMBDA_ENTRY_FILE),
    ...readdirSync(path.join(fn.assetDir, LAMBDA_CHUNK_DIR))
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => path.join(fn.assetDir, LAMBDA_CHUNK_DIR, file)),
  ]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

/** A request as CloudFront forwards it, sent to the function API Gateway routes it to. */
async function httpRequest(request: {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  originVerified?: boolean;
}) {
  const route = assembly.httpRoute('HttpApi', request.method, new URL(request.url, PUBLIC_API_URL).pathname);
  const response = (await (
    await instance(route.functionLogicalId)
  ).invoke(
    httpApiEvent({
      apiId: HTTP_API_ID,
      region: REGION,
      routeKey: route.routeKey,
      method: request.method,
      url: request.url,
      headers: {
        ...(request.originVerified === false ? {} : { [ORIGIN_VERIFY_HEADER]: ORIGIN_VERIFY_TOKEN }),
        ...request.headers,
      },
      ...(request.body !== undefined ? { body: request.body } : {}),
    }),
  )) as { statusCode: number; headers: Record<string, string>; body: string; isBase64Encoded?: boolean };
  return { ...response, routedTo: route.functionLogicalId, routeKey: route.routeKey };
}

const signedTwilioPost = (pathname: string, form: Record<string, string>) =>
  httpRequest({
    method: 'POST',
    url: pathname,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signTwilioRequest(
        VENDOR_KEYS.TWILIO_AUTH_TOKEN,
        `${PUBLIC_API_URL}${pathname}`,
        form,
      ),
    },
    body: new URLSearchParams(form).toString(),
  });

/** What only each function's code holds: a route it serves or the event it takes. */
const OWN_CODE_MARKERS: Record<keyof typeof functions, string> = {
  api: '/oauth/users/{userId}/config',
  // The SMS webhook's own log line: every bundle names the webhook paths (webhook-paths.ts), only the
  // telephony function serves them.
  telephony: 'Inbound SMS handled',
  socket: '$disconnect',
  notifications: 'The notifications function takes',
};

describe('each function ships its own code', () => {
  it('gives every function a distinct asset holding its own routes or events, and no other function’s', () => {
    const keys = Object.values(functions).map((fn) => fn.s3Key);
    expect(new Set(keys).size).toBe(keys.length);
    const names = Object.keys(functions) as Array<keyof typeof functions>;
    const code = Object.fromEntries(names.map((name) => [name, assetCode(functions[name])]));
    // Which markers each asset holds, as names (a failure shows which function ships whose code).
    const held = Object.fromEntries(
      names.map((name) => [name, names.filter((owner) => code[name]!.includes(OWN_CODE_MARKERS[owner]))]),
    );
    expect(held).toEqual({
      api: ['api'],
      telephony: ['telephony'],
      socket: ['socket'],
      notifications: ['notifications'],
    });
    for (const fn of Object.values(functions)) expect(fn.handler).toBe('index.handler');
  });
});

/**
 * One string only each local stand-in's code holds (its page's path, a canned answer, its refusal): a
 * deployed function must ship none of them (docs/decisions/171-backend-by-capability.md).
 */
const STAND_IN_MARKERS: Record<string, string> = {
  'stand-ins.ts': 'Local stand-ins never run in AWS',
  'calendars/local-calendar-providers.ts': '/local/oauth/:service/authorize',
  'calendars/local-google-calendar.ts': '/local/google-calendar',
  'openai/local-replies.ts': 'Would you like me to book you in?',
  'openai/local-llm.ts': 'Our hours are not on file yet.',
  'google-places/local-directory.ts': 'Maple Leaf Plumbing & Heating',
  'stripe/local-payments.ts': 'Leave onboarding unfinished',
  'ses/local-outbox-routes.ts': '/local/outbox',
  'scheduler/local-notification-routes.ts': '/local/notifications/run',
  'twilio/local-phone-page.ts': '/local/phone',
  'speech/espeak-pool.ts': 'espeak-worker',
};

describe('no function ships a local stand-in', () => {
  it('holds none of the stand-ins’ own strings, each of which its stand-in’s source does hold', () => {
    for (const [file, marker] of Object.entries(STAND_IN_MARKERS))
      expect(readFileSync(path.join('backend/src/local', file), 'utf8'), file).toContain(marker);
    const shipped = Object.fromEntries(
      Object.entries(functions).map(([name, fn]) => {
        const code = assetCode(fn);
        return [name, Object.values(STAND_IN_MARKERS).filter((marker) => code.includes(marker))];
      }),
    );
    expect(shipped).toEqual({ api: [], telephony: [], socket: [], notifications: [] });
  });
});

describe('the deployed HTTP functions', () => {
  it('answer GET /health through CloudFront, and refuse a request without the origin-verify header', async () => {
    const health = await httpRequest({ method: 'GET', url: '/health' });
    expect(health.routedTo).toBe(functions.api.logicalId);
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true });

    const direct = await httpRequest({ method: 'GET', url: '/health', originVerified: false });
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(direct.body)).toMatchObject({ error: 'forbidden' });
  });

  it("read an owner's config with a real cognito-local token, and only the token's own", async () => {
    const owner = await createConfirmedUser(local.services, 'artifact');
    await local.deps.data.businessConfigs.createConfig(owner.sub, {
      business_name: 'Artifact Barbers',
      phone_number: '+14155550123',
      address: '1 Deploy Way, Oakland, CA',
    });
    const read = await httpRequest({
      method: 'GET',
      url: `/oauth/users/${owner.sub}/config`,
      headers: { authorization: `Bearer ${owner.tokens.IdToken}` },
    });
    expect(read.routedTo).toBe(functions.api.logicalId);
    expect(read.statusCode).toBe(200);
    expect(JSON.parse(read.body)).toMatchObject({ business_name: 'Artifact Barbers' });

    const other = await httpRequest({
      method: 'GET',
      url: `/oauth/users/${randomUUID()}/config`,
      headers: { authorization: `Bearer ${owner.tokens.IdToken}` },
    });
    expect(other.statusCode).toBe(403);
    const anonymous = await httpRequest({ method: 'GET', url: `/oauth/users/${owner.sub}/config` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answer a signed Twilio SMS on the telephony function with the assistant's reply", async () => {
    const line = await createAssistantLine(local.deps);
    const form = {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      AccountSid: VENDOR_KEYS.TWILIO_ACCOUNT_SID,
      From: '+14155550188',
      To: line.assistantNumber,
      Body: 'Where are you located?',
      NumMedia: '0',
    };
    const answered = await signedTwilioPost('/webhooks/twilio/sms', form);
    expect(answered.routedTo).toBe(functions.telephony.logicalId);
    expect(answered.routeKey).toBe('POST /webhooks/twilio/sms');
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['content-type']).toMatch(/^text\/xml/);
    expect(messagesInTwiml(answered.body)).toEqual([ASSISTANT_REPLY]);
    // The assistant was asked with the key from the vendor secret.
    expect(openAi.requests.at(-1)?.authorization).toBe(`Bearer ${VENDOR_KEYS.OPENAI_API_KEY}`);

    const forged = await httpRequest({
      method: 'POST',
      url: '/webhooks/twilio/sms',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signTwilioRequest(
          '0'.repeat(32),
          `${PUBLIC_API_URL}/webhooks/twilio/sms`,
          form,
        ),
      },
      body: new URLSearchParams({ ...form, MessageSid: `SM${randomBytes(16).toString('hex')}` }).toString(),
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('the deployed socket function', () => {
  const socketEvent = async (
    routeKey: '$connect' | '$default' | '$disconnect',
    connectionId: string,
    extra: { headers?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
  ) => {
    const route = assembly.socketRoute('SocketApi', routeKey);
    expect(route.functionLogicalId).toBe(functions.socket.logicalId);
    return (await instance(route.functionLogicalId)).invoke(
      webSocketEvent({
        apiId: SOCKET_API_ID,
        region: REGION,
        stage: STAGE,
        routeKey,
        connectionId,
        ...(extra.headers ? { headers: extra.headers } : {}),
        ...(extra.query ? { query: extra.query } : {}),
        ...(extra.body !== undefined ? { body: JSON.stringify(extra.body) } : {}),
      }),
    );
  };

  it('carries a call: signed ConversationRelay handshake, setup, a prompt answered, disconnect', async () => {
    const line = await createAssistantLine(local.deps);
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const caller = '+14155550166';
    const voice = await signedTwilioPost(VOICE_PATHS.incoming, {
      CallSid: callSid,
      AccountSid: VENDOR_KEYS.TWILIO_ACCOUNT_SID,
      From: caller,
      To: line.assistantNumber,
    });
    expect(voice.routedTo).toBe(functions.telephony.logicalId);
    expect(voice.statusCode).toBe(200);
    const twiml = readVoiceTwiml(voice.body);
    expect(twiml.relay?.url).toBe(RELAY_URL);
    // The recording's status callback is a call's webhook too: the cold-start call routes serve it (a signed
    // callback that names no recording sid is refused by its own check, not unrouted).
    const recording = await signedTwilioPost(TWILIO_WEBHOOK_PATHS.voiceRecording, {
      CallSid: callSid,
      AccountSid: VENDOR_KEYS.TWILIO_ACCOUNT_SID,
      RecordingStatus: 'completed',
    });
    expect(recording.routedTo).toBe(functions.telephony.logicalId);
    expect(recording.statusCode).toBe(400);
    expect(recording.body).toContain('RecordingSid');

    const connectionId = `Art${randomBytes(6).toString('base64url')}=`;
    const query = { [VOICE_RELAY.channelQuery.name]: VOICE_RELAY.channelQuery.value };
    const unsigned = (await socketEvent('$connect', connectionId, { query })) as { statusCode: number };
    expect(unsigned.statusCode).toBe(403);
    expect(
      await socketEvent('$connect', connectionId, {
        query,
        headers: { 'X-Twilio-Signature': signTwilioRequest(VENDOR_KEYS.TWILIO_AUTH_TOKEN, RELAY_URL, {}) },
      }),
    ).toMatchObject({ statusCode: 200 });

    await socketEvent('$default', connectionId, {
      body: {
        type: 'setup',
        sessionId: `VX${randomBytes(16).toString('hex')}`,
        callSid,
        from: caller,
        to: line.assistantNumber,
        customParameters: twiml.relay!.parameters,
      },
    });
    await socketEvent('$default', connectionId, {
      body: { type: 'prompt', voicePrompt: 'Where are you located?', lang: 'en-US', last: true },
    });
    const posted = management.posted.filter((post) => post.connectionId === connectionId);
    expect(posted.every((post) => post.stage === STAGE)).toBe(true);
    const messages = posted.map((post) => JSON.parse(post.body) as RelayOutgoing);
    expect(messages.map((m) => (m.type === 'text' ? m.token : '')).join('')).toBe(ASSISTANT_REPLY);
    expect(messages.at(-1)).toEqual({ type: 'text', token: '', last: true });

    await socketEvent('$disconnect', connectionId);
    expect(await local.deps.data.relayCalls.get(connectionId)).toMatchObject({ ended: true });
  });
});

// The notifications function as AWS drives it (docs/decisions/162-notification-fan-out.md): the schedule's
// constant input queues a run, in batches of owners, on the queue the function's environment names; the
// queue's event source mapping hands each batch back to the same function as an SQS event.
describe('the deployed notifications function', () => {
  it("queues the sweep from the schedule's own event and handles the batch SQS delivers", async () => {
    const [target] = assembly.scheduledTargets('NotificationSweepSchedule');
    expect(target!.functionLogicalId).toBe(functions.notifications.logicalId);
    expect(target!.input).toEqual({ jobs: ['sweep'] });
    const queueRef = renderToken(functions.notifications.environment[NOTIFICATIONS_QUEUE_URL_SETTING]);
    const webhookQueueRef = renderToken(functions.notifications.environment[WEBHOOKS_QUEUE_URL_SETTING]);
    // Its own batches and the outbound webhooks' queue (docs/decisions/178) both feed it.
    expect(assembly.queueSources()).toEqual(
      expect.arrayContaining([
        {
          queueLogicalId: queueRef.replace(/^\$\{(.+)\}$/, '$1'),
          functionLogicalId: functions.notifications.logicalId,
          reportsItemFailures: true,
        },
        {
          queueLogicalId: webhookQueueRef.replace(/^\$\{(.+)\}$/, '$1'),
          functionLogicalId: functions.notifications.logicalId,
          reportsItemFailures: true,
        },
      ]),
    );
    expect(assembly.queueSources()).toHaveLength(2);

    // A due summary whose conversation is gone: the batch's worker looks at it and clears it.
    const conversationId = `artifact-gone-${randomUUID()}`;
    const ownerId = `artifact-owner-${randomUUID()}`;
    const dueAt = new Date(Date.now() - 60_000);
    await local.deps.data.notifications.markDue(conversationId, ownerId, dueAt);
    const notifications = await instance(target!.functionLogicalId);
    const queued = (await notifications.invoke(target!.input)) as {
      sweep: { owners: number; batches: number };
    };
    expect(queued.sweep.owners).toBeGreaterThanOrEqual(1);
    const bodies = sqs.bodies(notificationsQueueUrl);
    expect(bodies.length).toBe(queued.sweep.batches);
    expect(bodies.some((body) => body.includes(ownerId))).toBe(true);

    const handled = await notifications.invoke({
      Records: bodies.map((body, index) => ({
        messageId: `artifact-message-${index}`,
        body,
        eventSource: 'aws:sqs',
      })),
    });
    expect(handled).toEqual({ batchItemFailures: [] });
    const stillDue: string[] = [];
    for await (const due of local.deps.data.notifications.dueIn(dueHourOf(dueAt))) {
      stillDue.push(due.conversationId);
    }
    expect(stillDue).not.toContain(conversationId);

    const refused = await notifications.invokeRaw({ jobs: ['everything'] });
    expect(refused.error?.errorMessage).toMatch(/takes \{"jobs"/);
  });
});

describe('the deployed functions’ logs', () => {
  it('report their providers at cold start in AWS mode and never print a secret', async () => {
    for (const [name, start] of started) {
      const fn = await start;
      const coldStart = fn.logs.find((line) => line.includes('Providers at cold start'));
      expect(coldStart, `${name} logged no cold-start report`).toBeDefined();
      expect(JSON.parse(coldStart!)).toMatchObject({ app_env: 'aws' });
      for (const secret of [...Object.values(VENDOR_KEYS), ORIGIN_VERIFY_TOKEN]) {
        expect(fn.logs.filter((line) => line.includes(secret))).toEqual([]);
      }
    }
  });
});
