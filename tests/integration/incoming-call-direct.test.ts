import { handle, type APIGatewayProxyResult, type LambdaEvent } from 'hono/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { VOICE_TEXTS } from '../../shared/voice-relay';
import { createAppCore } from '../../backend/src/entry/app-core';
import { mountCallRoutes } from '../../backend/src/entry/surfaces/call-routes';
import {
  directIncomingCall,
  isDirectIncomingCall,
} from '../../backend/src/entry/surfaces/incoming-call-direct';
import { VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { LOCAL_TWILIO_AUTH_TOKEN, type AppConfig } from '../../backend/src/platform/config/env';
import { createRecordingMetrics } from '../../backend/src/platform/observability/metrics';
import { readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { createAssistantLine } from '../support/assistant-line';
import { incomingCallEvent } from '../support/lambda-runtime/lambda-events';
import { newCallSid } from '../support/signed-sms';
import { createTestApp } from '../support/test-app';

/**
 * The telephony function answers a caller's first ring without Hono's Lambda adapter
 * (entry/surfaces/incoming-call-direct.ts, docs/decisions/186-cold-start.md). Every case is sent both ways,
 * to the direct path and to the telephony function's Hono app of a call's webhooks through `handle()`, and
 * must get the same status, headers and body: the same guards, the same answer, the same error answer.
 */
const PUBLIC_API_URL = 'https://api.direct-ring.test';
const ORIGIN = 'https://app.direct-ring.test';
const ORIGIN_TOKEN = 'direct-ring-origin-token';
const CALLER = '+14155550177';

let local: Awaited<ReturnType<typeof createTestApp>>;
let line: Awaited<ReturnType<typeof createAssistantLine>>;
beforeAll(async () => {
  local = await createTestApp({ PUBLIC_API_URL, ALLOWED_ORIGINS: ORIGIN });
  line = await createAssistantLine(local.deps);
});

/** Both paths over the same deps: what the telephony function builds at init, but for the deps' config. */
function bothPaths(configChange: Partial<AppConfig> = {}, dataChange: Record<string, unknown> = {}) {
  const recorded = createRecordingMetrics();
  const deps = {
    ...local.deps,
    config: { ...local.deps.config, ...configChange },
    data: { ...local.deps.data, ...dataChange },
    metrics: recorded.metrics,
  };
  const hono = handle(createAppCore(deps, (app) => mountCallRoutes(app, deps)));
  const direct = directIncomingCall(deps, {
    config: deps.config,
    logger: deps.logger,
    metrics: deps.metrics,
  });
  return {
    recorded,
    hono: (event: ReturnType<typeof ringEvent>) => hono(event) as Promise<APIGatewayProxyResult>,
    direct: (event: ReturnType<typeof ringEvent>) => {
      expect(isDirectIncomingCall(event)).toBe(true);
      return direct(event);
    },
  };
}

type RingEvent = Extract<LambdaEvent, { rawPath: string }>;
type Ring = {
  form?: Record<string, string>;
  sign?: boolean;
  body?: string;
  base64?: boolean;
  headers?: Record<string, string>;
};
/** An incoming call as API Gateway (payload v2) delivers it, signed over PUBLIC_API_URL as Twilio signs it. */
function ringEvent(ring: Ring = {}): RingEvent {
  const form = ring.form ?? {
    CallSid: newCallSid(),
    AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
    From: CALLER,
    To: line.assistantNumber,
  };
  const body = ring.body ?? new URLSearchParams(form).toString();
  const event = incomingCallEvent({
    apiId: 'direct',
    authToken: LOCAL_TWILIO_AUTH_TOKEN,
    publicApiUrl: PUBLIC_API_URL,
    form,
    body,
    ...(ring.sign === undefined ? {} : { sign: ring.sign }),
    headers: { origin: ORIGIN, ...ring.headers },
  });
  return {
    ...event,
    body: ring.base64 ? Buffer.from(body).toString('base64') : body,
    isBase64Encoded: ring.base64 === true,
    // API Gateway leaves out the authorizer's fields of a route without one.
  } as unknown as RingEvent;
}

/** Both answers to one kind of request (each its own call, so neither finds the other's conversation). */
async function answeredBothWays(paths: ReturnType<typeof bothPaths>, ring: () => Ring) {
  const viaHono = await paths.hono(ringEvent(ring()));
  const direct = await paths.direct(ringEvent(ring()));
  /** What differs between two calls by design: their ids. */
  const comparable = (result: APIGatewayProxyResult) => ({
    ...result,
    headers: { ...('headers' in result ? result.headers : {}), 'x-request-id': 'each its own' },
    body: result.body.replace(/CA[0-9a-f]{32}/g, 'CA…').replace(/call-CA…/g, 'call-CA…'),
  });
  expect(comparable(direct)).toEqual(comparable(viaHono));
  return direct;
}

describe("a caller's first ring answered without Hono's Lambda adapter", () => {
  it('answers a signed call with the relay, with the headers and TwiML of the Hono route', async () => {
    const paths = bothPaths();
    const answer = await answeredBothWays(paths, () => ({}));
    expect(answer.statusCode).toBe(200);
    expect(answer.isBase64Encoded).toBe(false);
    expect('headers' in answer && answer.headers).toMatchObject({
      'content-type': 'text/xml; charset=utf-8',
      'access-control-allow-origin': ORIGIN,
      vary: 'Origin',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
    });
    const twiml = readVoiceTwiml(answer.body);
    // The callbacks are built on the public URL, as the Hono route builds them.
    expect(twiml.relay?.action).toMatch(new RegExp(`^${PUBLIC_API_URL}${VOICE_PATHS.after}\\?`));
  });

  it("answers API Gateway's request id in X-Request-Id and writes it on the call's log lines", async () => {
    const direct = bothPaths().direct;
    const event = ringEvent();
    const from = local.logLines.length;
    const answer = await direct(event);
    const requestId = event.requestContext.requestId;
    expect('headers' in answer && answer.headers?.['x-request-id']).toBe(requestId);
    const lines = local.logLines.slice(from);
    expect(lines.map((l) => l.message)).toContain('Voice call answered by the relay');
    expect(lines.every((l) => l.request_id === requestId)).toBe(true);
    // Only for the event's duration: a line written after it carries no request id.
    local.deps.logger.info('after the ring');
    expect(local.logLines.at(-1)).not.toHaveProperty('request_id');
  });

  it('reads a base64 body from API Gateway as the adapter does', async () => {
    const answer = await answeredBothWays(bothPaths(), () => ({ base64: true }));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<ConversationRelay');
  });

  it('refuses an unsigned or wrongly signed call with 403 before reading it', async () => {
    const paths = bothPaths();
    const unsigned = await answeredBothWays(paths, () => ({ sign: false }));
    expect(unsigned.statusCode).toBe(403);
    expect(JSON.parse(unsigned.body)).toMatchObject({ error: 'forbidden' });
    const forged = await answeredBothWays(paths, () => ({ headers: { 'x-twilio-signature': 'AAAA' } }));
    expect(forged.statusCode).toBe(403);
    expect(paths.recorded.counted.filter((m) => m.name === 'WebhookFailures')).toEqual([]);
  });

  it('answers a signed form that is not a call with 400 naming the failing fields', async () => {
    const answer = await answeredBothWays(bothPaths(), () => ({
      form: { CallSid: 'nope', AccountSid: LOCAL_TWILIO_ACCOUNT_SID, From: CALLER, To: line.assistantNumber },
    }));
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: 'bad_request',
      details: [{ path: 'CallSid', message: 'must be a Twilio call sid' }],
    });
  });

  it('answers bodies over the limits with 413, as the body limit and the webhook limit do', async () => {
    const paths = bothPaths();
    const overWebhook = await answeredBothWays(paths, () => ({ body: `a=${'x'.repeat(70 * 1024)}` }));
    expect(overWebhook.statusCode).toBe(413);
    const overApp = await answeredBothWays(paths, () => ({ body: `a=${'x'.repeat(300 * 1024)}` }));
    expect(overApp.statusCode).toBe(413);
    expect(JSON.parse(overApp.body).message).toBe('The request body is larger than 256 KB.');
  });

  it('ends a call to an unknown number politely', async () => {
    const answer = await answeredBothWays(bothPaths(), () => ({
      form: {
        CallSid: newCallSid(),
        AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
        From: CALLER,
        To: '+12125550000',
      },
    }));
    expect(answer.statusCode).toBe(200);
    expect(readVoiceTwiml(answer.body).say).toBe(VOICE_TEXTS.unknownNumber);
  });

  it('rejects a blocked caller', async () => {
    const blocker = await createAssistantLine(local.deps);
    await local.deps.data.blockedNumbers.block(blocker.ownerId, CALLER, 'spam');
    const answer = await answeredBothWays(bothPaths(), () => ({
      form: {
        CallSid: newCallSid(),
        AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
        From: CALLER,
        To: blocker.assistantNumber,
      },
    }));
    expect(answer.statusCode).toBe(200);
    expect(readVoiceTwiml(answer.body).reject).toBe('rejected');
  });

  it('refuses a request that did not come through CloudFront when the origin is verified', async () => {
    const paths = bothPaths({ originVerify: { tokens: [ORIGIN_TOKEN], secretArn: undefined } });
    const refused = await answeredBothWays(paths, () => ({}));
    expect(refused.statusCode).toBe(403);
    const through = await answeredBothWays(paths, () => ({ headers: { 'x-origin-verify': ORIGIN_TOKEN } }));
    expect(through.statusCode).toBe(200);
  });

  it('answers a failure as the app does: 500 in the error shape, logged, counted as a Twilio webhook failure', async () => {
    const broken = {
      phoneReservations: {
        ...local.deps.data.phoneReservations,
        get: () => Promise.reject(new Error('the table is on fire')),
      },
    };
    const paths = bothPaths({}, broken);
    const from = local.logLines.length;
    const answer = await answeredBothWays(paths, () => ({}));
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
    const logged = local.logLines.slice(from).filter((l) => l.message === 'Unhandled error');
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatchObject({
      path: VOICE_PATHS.incoming,
      method: 'POST',
      request_id: expect.any(String),
    });
    expect(paths.recorded.counted.filter((m) => m.name === 'WebhookFailures')).toHaveLength(2);
  });

  it('leaves every other request to the Hono app', () => {
    const ring = ringEvent();
    expect(isDirectIncomingCall({ ...ring, rawPath: VOICE_PATHS.status })).toBe(false);
    expect(
      isDirectIncomingCall({
        ...ring,
        requestContext: { ...ring.requestContext, http: { ...ring.requestContext.http, method: 'GET' } },
      }),
    ).toBe(false);
  });
});
