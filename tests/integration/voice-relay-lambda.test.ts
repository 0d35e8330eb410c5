import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, describe, expect, it } from 'vitest';
import { handoffDataSchema } from '../../shared/voice-relay-handoff';
import type { RelayOutgoing } from '../../shared/voice-relay-messages';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { conversationIdOfCall, VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import {
  createRelaySocketHandler,
  type RelaySocketEvent,
} from '../../backend/src/capabilities/voice/relay/api-gateway-relay';
import { conversationAmender } from '../../backend/src/capabilities/voice/relay/conversation-amend';
import { routeSocketEvents } from '../../backend/src/capabilities/voice/relay/socket-router';
import { startFakeManagementApi } from '../fakes/apigateway-management/fake-management-api';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { createTestTokenIssuer } from '../support/signed-tokens';
import { createTestApp } from '../support/test-app';
import { newCallSid } from '../support/signed-sms';

/**
 * The relay on the API Gateway WebSocket API (relay-lambda.ts's handler): a call answered by the signed
 * voice webhook, its socket opened by `$connect` with Twilio's signature over the relay API's wss URL, each
 * message a separate invocation of a separate handler instance (state only in DynamoDB Local), replies
 * posted through the real SDK to a local fake of the connection management API.
 */
/** As the stack sets VOICE_RELAY_URL: the WebSocket API's stage URL with the relay's channel query. */
const RELAY_URL = 'wss://relay.example.test/prod?channel=relay';
const RELAY_QUERY = { channel: 'relay' };
const CALLER = '+14155550177';
const issuer = await createTestTokenIssuer();
const { app, deps } = await createTestApp({ VOICE_RELAY_URL: RELAY_URL });
const fake = await startFakeManagementApi();
afterAll(() => fake.close());

/** A new handler per invocation: nothing of a call may live in one Lambda instance's memory. */
const relayHandler = () =>
  createRelaySocketHandler({
    receptionist: deps.receptionist,
    conversations: conversationAmender(deps.data, deps.receptionist),
    relayCalls: deps.data.relayCalls,
    metrics: deps.metrics,
    logger: deps.logger,
    verifyToken: issuer.verifyToken,
    authToken: LOCAL_TWILIO_AUTH_TOKEN,
    relayUrl: RELAY_URL,
    callbackUrl: `${fake.url}/prod`,
    createClient: (endpoint) =>
      new ApiGatewayManagementApiClient({
        endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
      }),
  });
/** The voice-preview stream's handler, sharing the API: the router must never hand it a relay socket. */
const streamEvents: string[] = [];
const freshHandler = () =>
  routeSocketEvents({
    relay: relayHandler(),
    stream: async (e) => {
      streamEvents.push(`${e.requestContext.routeKey} ${e.requestContext.connectionId}`);
      return { statusCode: 200 };
    },
    isRelayConnection: async (id) => (await deps.data.relayCalls.get(id)) !== undefined,
  });

const event = (
  routeKey: string,
  connectionId: string,
  extra: { headers?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): RelaySocketEvent =>
  ({
    requestContext: { routeKey, connectionId, domainName: 'relay.example.test', stage: 'prod' },
    headers: extra.headers ?? {},
    ...(extra.query ? { queryStringParameters: extra.query } : {}),
    ...(extra.body !== undefined
      ? { body: typeof extra.body === 'string' ? extra.body : JSON.stringify(extra.body) }
      : {}),
  }) as unknown as RelaySocketEvent;

const postedTo = (connectionId: string) =>
  fake.posted.filter((p) => p.connectionId === connectionId).map((p) => JSON.parse(p.body) as RelayOutgoing);
const replyText = (messages: RelayOutgoing[]) =>
  messages.map((m) => (m.type === 'text' ? m.token : '')).join('');

async function answeredCall() {
  const line = await createAssistantLine(deps);
  const callSid = newCallSid();
  const form = {
    CallSid: callSid,
    AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
    From: CALLER,
    To: line.assistantNumber,
  };
  const url = `${TEST_API_ORIGIN}${VOICE_PATHS.incoming}`;
  const response = await app.request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, url, form),
    },
    body: new URLSearchParams(form).toString(),
  });
  const twiml = readVoiceTwiml(await response.text());
  return { line, callSid, twiml };
}

const twilioConnect = (
  connectionId: string,
  signature = signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, RELAY_URL, {}),
) => freshHandler()(event('$connect', connectionId, { headers: { 'X-Twilio-Signature': signature } }));

describe('voice relay (API Gateway Lambda transport)', () => {
  it('refuses unsigned, forged and wrongly signed handshakes with 403 and records nothing', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { 'X-Twilio-Signature': 'Zm9yZ2Vk' },
      // Signed for another URL: the signature covers the relay API's own address.
      { 'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, 'wss://elsewhere.test/prod', {}) },
    ];
    for (const headers of cases) {
      const result = (await freshHandler()(event('$connect', 'r-bad', { headers, query: RELAY_QUERY }))) as {
        statusCode: number;
        body: string;
      };
      expect(result.statusCode).toBe(403);
      expect(JSON.parse(result.body)).toMatchObject({ error: 'forbidden', message: expect.any(String) });
    }
    const forgedToken = (await freshHandler()(
      event('$connect', 'r-bad', { query: { ...RELAY_QUERY, token: await issuer.forged() } }),
    )) as { statusCode: number };
    expect(forgedToken.statusCode).toBe(403);
    expect(await deps.data.relayCalls.get('r-bad')).toBeUndefined();
    expect(streamEvents).toEqual([]);
  });

  it('leaves voice-preview sockets to the stream handler: connect without the relay channel, later events alike', async () => {
    const token = await issuer.token(3600);
    await freshHandler()(event('$connect', 's-1', { query: { token } }));
    await freshHandler()(event('$default', 's-1', { body: { action: 'stream_voice' } }));
    await freshHandler()(event('$disconnect', 's-1'));
    expect(streamEvents).toEqual(['$connect s-1', '$default s-1', '$disconnect s-1']);
    expect(await deps.data.relayCalls.get('s-1')).toBeUndefined();
  });

  it('carries a call across invocations: signed $connect, setup, a prompt answered as text tokens ending with last', async () => {
    const { line, callSid, twiml } = await answeredCall();
    expect(twiml.relay?.url).toBe(RELAY_URL);
    expect(await twilioConnect('r-1')).toEqual({ statusCode: 200 });
    expect(await deps.data.relayCalls.get('r-1')).toMatchObject({ caller: { kind: 'twilio' } });

    await freshHandler()(
      event('$default', 'r-1', {
        body: {
          type: 'setup',
          sessionId: 'VX1',
          callSid,
          from: CALLER,
          to: line.assistantNumber,
          customParameters: twiml.relay!.parameters,
        },
      }),
    );
    expect(postedTo('r-1')).toEqual([]);
    await freshHandler()(
      event('$default', 'r-1', {
        body: { type: 'prompt', voicePrompt: 'Where are you located?', lang: 'en-US', last: true },
      }),
    );
    const messages = postedTo('r-1');
    expect(replyText(messages)).toContain('12 Market St');
    expect(messages.at(-1)).toEqual({ type: 'text', token: '', last: true });
    expect(messages.slice(0, -1).every((m) => m.type === 'text' && !m.last)).toBe(true);
    const state = await deps.data.conversationStates.get(conversationIdOfCall(callSid));
    // The greeting Twilio spoke opens the transcript.
    expect(state!.turns.map((t) => t.speaker)).toEqual(['assistant', 'caller', 'assistant']);

    // Twilio hangs up: the socket goes; the phone call's conversation is closed by its status callback.
    await freshHandler()(event('$disconnect', 'r-1'));
    expect(await deps.data.relayCalls.get('r-1')).toMatchObject({ ended: true });
    const after = postedTo('r-1').length;
    await freshHandler()(
      event('$default', 'r-1', {
        body: { type: 'prompt', voicePrompt: 'Hello?', lang: 'en-US', last: true },
      }),
    );
    // A message for an ended call gets a clean end and never reaches the engine.
    expect(postedTo('r-1').slice(after)).toEqual([
      { type: 'end', handoffData: JSON.stringify({ reasonCode: 'end', reason: 'already_ended' }) },
    ]);
    expect((await deps.data.conversationStates.get(conversationIdOfCall(callSid)))!.turns).toHaveLength(3);
  });

  it('a transfer ends the session with live-agent-handoff handoffData', async () => {
    const { line, callSid, twiml } = await answeredCall();
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, { manager_number: '+14155550100' });
    await twilioConnect('r-2');
    await freshHandler()(
      event('$default', 'r-2', {
        body: { type: 'setup', sessionId: 'VX2', callSid, customParameters: twiml.relay!.parameters },
      }),
    );
    await freshHandler()(
      event('$default', 'r-2', {
        body: { type: 'prompt', voicePrompt: 'Can I speak to the manager?', lang: 'en-US', last: true },
      }),
    );
    const end = postedTo('r-2').find((m) => m.type === 'end');
    expect(end).toBeDefined();
    expect(handoffDataSchema.parse(JSON.parse(end!.type === 'end' ? end!.handoffData : '{}'))).toMatchObject({
      reasonCode: 'live-agent-handoff',
      to: '+14155550100',
      conversationId: conversationIdOfCall(callSid),
    });
  });

  it("an owner's token opens a test call; the socket gone mid-turn stops sending and the turn is stored whole", async () => {
    const line = await createAssistantLine(deps);
    const conversation = await deps.receptionist.startConversation({
      ownerId: line.ownerId,
      channel: 'test',
      caller: 'owner test call',
    });
    const token = await issuer.token(3600, line.ownerId);
    expect(await freshHandler()(event('$connect', 'r-3', { query: { ...RELAY_QUERY, token } }))).toEqual({
      statusCode: 200,
    });
    await freshHandler()(
      event('$default', 'r-3', {
        body: {
          type: 'setup',
          sessionId: 'VX3',
          callSid: 'browser-test-call',
          customParameters: { conversationId: conversation.id },
        },
      }),
    );
    fake.disconnect('r-3');
    expect(
      await freshHandler()(
        event('$default', 'r-3', {
          body: { type: 'prompt', voicePrompt: 'What are your hours?', lang: 'en-US', last: true },
        }),
      ),
    ).toEqual({ statusCode: 200 });
    expect(postedTo('r-3')).toEqual([]);
    const state = await deps.data.conversationStates.get(conversation.id);
    expect(state!.turns.map((t) => t.speaker)).toEqual(['caller', 'assistant']);
    // The browser's socket closed: a test call's conversation ends with it.
    await freshHandler()(event('$disconnect', 'r-3'));
    expect((await deps.data.conversationStates.get(conversation.id))!.ended_at).toBeDefined();
  });
});
