import { CALLER_TEXTS } from '@shared/caller-texts';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { VOICE_RELAY, VOICE_TEXTS } from '../../shared/voice-relay';
import { handoffDataSchema } from '../../shared/voice-relay-handoff';
import type { RelayOutgoing } from '../../shared/voice-relay-messages';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { conversationIdOfCall, VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { createRecordingMetrics, type MetricName } from '../../backend/src/platform/observability/metrics';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { startRelayStack } from '../support/relay-stack';
import { newCallSid } from '../support/signed-sms';

/**
 * A call end to end as Twilio makes it: the signed voice webhook answers ConversationRelay TwiML, a socket
 * opened with Twilio's signed handshake carries setup and prompts to the real engine over DynamoDB Local,
 * the status callback closes the conversation, and a transfer nobody answers comes back to the assistant.
 */
const CALLER = '+14155550199';
const MANAGER = '+14155550100';

const recorded = createRecordingMetrics();
const { app, deps, issuer, relayUrl, close } = await startRelayStack({
  overrides: { metrics: recorded.metrics },
});
afterAll(close);
/** What a step counted: the recorded metrics from `from` on, by name. */
const countedSince = (from: number, name: MetricName) =>
  recorded.counted.slice(from).filter((m) => m.name === name);

const post = (path: string, form: Record<string, string>, sign = true) => {
  const url = `${TEST_API_ORIGIN}${path}`;
  return app.request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(sign ? { 'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, url, form) } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
};
const twimlOf = async (response: Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
  return readVoiceTwiml(await response.text());
};
const incoming = (to: string, callSid = newCallSid()) =>
  post(VOICE_PATHS.incoming, {
    CallSid: callSid,
    AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
    From: CALLER,
    To: to,
  });

/** A relay socket opened the way Twilio opens it: X-Twilio-Signature over the wss URL. */
async function openRelay(options: { signature?: string | null; query?: string } = {}) {
  const url = `${relayUrl}${options.query ?? ''}`;
  const signature =
    options.signature === undefined ? signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, url, {}) : options.signature;
  const socket = new WebSocket(url, {
    headers: signature === null ? {} : { 'X-Twilio-Signature': signature },
  });
  const messages: RelayOutgoing[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as RelayOutgoing);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const until = async (done: (m: RelayOutgoing[]) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!done(messages)) {
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  const send = (body: unknown) => socket.send(JSON.stringify(body));
  /** Sends a final prompt and waits for the reply's last token; returns the reply's text. */
  const say = async (text: string) => {
    const from = messages.length;
    send({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true });
    await until((m) => m.slice(from).some((x) => x.type === 'text' && x.last));
    return messages
      .slice(from)
      .map((m) => (m.type === 'text' ? m.token : ''))
      .join('');
  };
  return { socket, messages, send, say, until };
}

describe('POST /webhooks/twilio/voice', () => {
  it('refuses unsigned and forged calls with 403', async () => {
    const line = await createAssistantLine(deps);
    const form = {
      CallSid: newCallSid(),
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: CALLER,
      To: line.assistantNumber,
    };
    expect((await post(VOICE_PATHS.incoming, form, false)).status).toBe(403);
    const forged = await app.request(`${TEST_API_ORIGIN}${VOICE_PATHS.incoming}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': 'Zm9yZ2Vk' },
      body: new URLSearchParams(form).toString(),
    });
    expect(forged.status).toBe(403);
    expect(await deps.data.conversationStates.get(conversationIdOfCall(form.CallSid))).toBeUndefined();
  });

  it('answers an unknown number with a short message and hangs up; bad input is a 400', async () => {
    const twiml = await twimlOf(await incoming('+12125550999'));
    expect(twiml).toMatchObject({ say: VOICE_TEXTS.unknownNumber, hangUp: true, relay: undefined });
    const bad = await post(VOICE_PATHS.incoming, {
      CallSid: 'nope',
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: CALLER,
      To: 'x',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'bad_request' });
  });

  it("forwards a lapsed owner's caller to the business's own phone after a short message", async () => {
    const line = await createAssistantLine(deps, { subscription: 'canceled' });
    const callSid = newCallSid();
    const twiml = await twimlOf(await incoming(line.assistantNumber, callSid));
    expect(twiml).toMatchObject({
      say: VOICE_TEXTS.lapsed('Bella Hair Studio'),
      dial: '+14155550142',
      relay: undefined,
    });
    expect(await deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();
  });

  it('escapes markup, quotes and ampersands of the business name in the greeting and the lapsed message', async () => {
    const businessName = `Tom & Jerry's <b>"Best"</b> > Cuts`;
    const answered = await createAssistantLine(deps, { businessName });
    const relayResponse = await incoming(answered.assistantNumber);
    const relayXml = await relayResponse.clone().text();
    expect(relayXml).toContain("Tom &amp; Jerry's &lt;b>&quot;Best&quot;&lt;/b> > Cuts");
    expect(relayXml).not.toContain('<b>');
    expect((await twimlOf(relayResponse)).relay?.welcomeGreeting).toContain(
      `Thanks for calling ${businessName}`,
    );

    const lapsed = await createAssistantLine(deps, { businessName, subscription: 'canceled' });
    const sayResponse = await incoming(lapsed.assistantNumber);
    expect(await sayResponse.clone().text()).toContain(
      '<Say>Thanks for calling Tom &amp; Jerry\'s &lt;b&gt;"Best"&lt;/b&gt; &gt; Cuts.',
    );
    expect(await twimlOf(sayResponse)).toMatchObject({
      say: VOICE_TEXTS.lapsed(businessName),
      dial: '+14155550142',
    });
  });

  it('answers with ConversationRelay, talks through the engine, and the status callback closes the call', async () => {
    const line = await createAssistantLine(deps);
    const callSid = newCallSid();
    const countedFrom = recorded.counted.length;
    const twiml = await twimlOf(await incoming(line.assistantNumber, callSid));
    const conversationId = conversationIdOfCall(callSid);
    expect(twiml.relay).toMatchObject({
      url: relayUrl,
      welcomeGreeting: expect.stringContaining('Thanks for calling Bella Hair Studio'),
      language: 'en-US',
      interruptible: 'any',
      dtmfDetection: 'true',
      action: `${TEST_API_ORIGIN}${VOICE_PATHS.after}?conversationId=${conversationId}`,
      parameters: { [VOICE_RELAY.conversationParameter]: conversationId },
    });
    // Twilio retries the webhook: still one conversation.
    expect((await twimlOf(await incoming(line.assistantNumber, callSid))).relay?.parameters).toEqual(
      twiml.relay?.parameters,
    );
    // One call answered, counted once for the alarms and dashboard despite the retry.
    expect(countedSince(countedFrom, 'CallsAnswered')).toEqual([
      { name: 'CallsAnswered', value: 1, dimensions: { channel: 'voice' } },
    ]);

    const call = await openRelay();
    call.send({
      type: 'setup',
      sessionId: 'VX1',
      callSid,
      from: CALLER,
      to: line.assistantNumber,
      customParameters: twiml.relay!.parameters,
    });
    const reply = await call.say('Where are you located?');
    expect(reply).toContain('12 Market St');
    const state = await deps.data.conversationStates.get(conversationId);
    expect(state).toMatchObject({ channel: 'voice', caller: CALLER, external_id: callSid });
    // The transcript opens with the greeting Twilio spoke, then the caller's question and the answer.
    expect(state!.turns.map((t) => t.speaker)).toEqual(['assistant', 'caller', 'assistant']);
    expect(state!.turns[0]!.text).toBe(twiml.relay!.welcomeGreeting);
    call.socket.close();

    expect(
      (await post(VOICE_PATHS.status, { CallSid: callSid, CallStatus: 'completed', CallDuration: '42' }))
        .status,
    ).toBe(200);
    const closed = await deps.data.conversationStates.get(conversationId);
    expect(closed!.ended_at).toBeDefined();
    expect(closed!.actions.at(-1)?.summary).toBe('Ended: call completed after 42 s');
    const records = await deps.data.conversations.listConversations(
      line.ownerId,
      new Date(0),
      new Date(Date.now() + 60_000),
    );
    expect(records.find((r) => r.id === conversationId)).toMatchObject({
      channel: 'voice',
      transcript: expect.any(Array),
    });
    expect(records.find((r) => r.id === conversationId)?.open).not.toBe(true);
    // Answered when the relay connected (the greeting), after the webhook started the conversation.
    const answered = records.find((r) => r.id === conversationId)!;
    expect(Date.parse(answered.answered_at!)).toBeGreaterThanOrEqual(Date.parse(answered.started_at));
    expect(Date.parse(answered.answered_at!)).toBeLessThan(Date.parse(state!.turns[1]!.at) + 1);
    expect(answered.transcript[0]).toMatchObject({
      speaker: 'assistant',
      text: twiml.relay!.welcomeGreeting,
    });
  });

  it('answers a caller from Mexico, whose mobile may arrive in the old +52 1 form, under one E.164 number', async () => {
    const line = await createAssistantLine(deps);
    const callSid = newCallSid();
    const twiml = await twimlOf(
      await post(VOICE_PATHS.incoming, {
        CallSid: callSid,
        AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
        From: '+5215512345678',
        To: line.assistantNumber,
      }),
    );
    expect(twiml.relay?.welcomeGreeting).toContain('Thanks for calling Bella Hair Studio');
    const conversationId = conversationIdOfCall(callSid);
    expect(await deps.data.conversationStates.get(conversationId)).toMatchObject({
      channel: 'voice',
      caller: '+525512345678',
    });

    const call = await openRelay();
    call.send({
      type: 'setup',
      sessionId: 'VX2',
      callSid,
      from: '+5215512345678',
      to: line.assistantNumber,
      customParameters: twiml.relay!.parameters,
    });
    expect(await call.say('Where are you located?')).toContain('12 Market St');
    call.socket.close();
  });

  it('keeps a withheld caller id as sent', async () => {
    const line = await createAssistantLine(deps);
    const callSid = newCallSid();
    const form = {
      CallSid: callSid,
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: 'Anonymous',
      To: line.assistantNumber,
    };
    expect((await twimlOf(await post(VOICE_PATHS.incoming, form))).relay).toBeDefined();
    expect((await deps.data.conversationStates.get(conversationIdOfCall(callSid)))?.caller).toBe('Anonymous');
  });

  it('refuses an unsigned or forged relay handshake, and accepts an owner token', async () => {
    await expect(openRelay({ signature: null })).rejects.toThrow(/403/);
    await expect(openRelay({ signature: 'Zm9yZ2Vk' })).rejects.toThrow(/403/);
    await expect(openRelay({ signature: signTwilioRequest('another-token', relayUrl, {}) })).rejects.toThrow(
      /403/,
    );
    await expect(openRelay({ signature: null, query: '?token=not-a-jwt' })).rejects.toThrow(/403/);
    await expect(openRelay({ signature: null, query: `?token=${await issuer.forged()}` })).rejects.toThrow(
      /403/,
    );
    await expect(openRelay({ signature: null, query: `?token=${await issuer.token(-60)}` })).rejects.toThrow(
      /403/,
    );
    const owner = await openRelay({ signature: null, query: `?token=${await issuer.token(3600)}` });
    expect(owner.socket.readyState).toBe(WebSocket.OPEN);
    owner.socket.close();
  });

  it('a relay socket cannot take over another call: setup with the wrong CallSid ends the session', async () => {
    const line = await createAssistantLine(deps);
    const callSid = newCallSid();
    const twiml = await twimlOf(await incoming(line.assistantNumber, callSid));
    const countedFrom = recorded.counted.length;
    const call = await openRelay();
    call.send({
      type: 'setup',
      sessionId: 'VX2',
      callSid: newCallSid(),
      customParameters: twiml.relay!.parameters,
    });
    await call.until((m) => m.some((x) => x.type === 'end'));
    const end = call.messages.find((m) => m.type === 'end');
    expect(handoffDataSchema.parse(JSON.parse(end!.type === 'end' ? end!.handoffData : '{}'))).toMatchObject({
      reasonCode: 'protocol-error',
    });
    // The relay-errors alarm sees it.
    expect(countedSince(countedFrom, 'RelayErrors')).toHaveLength(1);
    call.socket.close();
  });

  it('counts a Twilio webhook that fails (5xx) as a webhook failure, and a refused one (403) not', async () => {
    const line = await createAssistantLine(deps);
    const countedFrom = recorded.counted.length;
    const unsigned = await post(
      VOICE_PATHS.incoming,
      { CallSid: newCallSid(), AccountSid: LOCAL_TWILIO_ACCOUNT_SID, From: CALLER, To: line.assistantNumber },
      false,
    );
    expect(unsigned.status).toBe(403);
    expect(countedSince(countedFrom, 'WebhookFailures')).toEqual([]);

    const { subscriptions } = deps.data;
    const getSubscription = subscriptions.getSubscription.bind(subscriptions);
    subscriptions.getSubscription = () => Promise.reject(new Error('DynamoDB is down'));
    try {
      expect((await incoming(line.assistantNumber)).status).toBe(500);
    } finally {
      subscriptions.getSubscription = getSubscription;
    }
    expect(countedSince(countedFrom, 'WebhookFailures')).toEqual([
      { name: 'WebhookFailures', value: 1, dimensions: { webhook: 'twilio' } },
    ]);
    expect(countedSince(countedFrom, 'CallsAnswered')).toEqual([]);
  });

  it('warm transfer: the manager hears a whisper; nobody answers, the assistant takes a message, the manager is texted', async () => {
    const line = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, {
      manager_number: MANAGER,
      manager_name: 'Dana',
    });
    const callSid = newCallSid();
    const twiml = await twimlOf(await incoming(line.assistantNumber, callSid));
    const conversationId = conversationIdOfCall(callSid);
    const call = await openRelay();
    call.send({ type: 'setup', sessionId: 'VX3', callSid, customParameters: twiml.relay!.parameters });
    await call.say('Can I speak to the manager please?');
    await call.until((m) => m.some((x) => x.type === 'end'));
    const end = call.messages.find((m) => m.type === 'end')!;
    const handoff = handoffDataSchema.parse(JSON.parse(end.type === 'end' ? end.handoffData : '{}'));
    expect(handoff).toMatchObject({ reasonCode: 'live-agent-handoff', conversationId, to: MANAGER });
    call.socket.close();

    const after = await twimlOf(
      await post(`${VOICE_PATHS.after}?conversationId=${conversationId}`, {
        CallSid: callSid,
        HandoffData: end.type === 'end' ? end.handoffData : '',
      }),
    );
    expect(after).toMatchObject({ dial: MANAGER, dialTimeout: String(VOICE_RELAY.transferTimeoutSeconds) });
    expect(after.whisperUrl).toBe(
      `${TEST_API_ORIGIN}${VOICE_PATHS.whisper}?conversationId=${conversationId}`,
    );
    const whisper = await twimlOf(
      await post(`${VOICE_PATHS.whisper}?conversationId=${conversationId}`, {
        CallSid: newCallSid(),
        ParentCallSid: callSid,
      }),
    );
    expect(whisper.say).toContain('asked for a person');

    const back = await twimlOf(
      await post(`${VOICE_PATHS.dialResult}?conversationId=${conversationId}`, {
        CallSid: callSid,
        DialCallStatus: 'no-answer',
      }),
    );
    expect(back.relay?.welcomeGreeting).toBe(CALLER_TEXTS.en.voice.noAnswer('Dana'));
    const texts = await deps.localTwilioAccount!.thread(line.assistantNumber, MANAGER);
    expect(texts.map((t) => t.body).join('\n')).toContain('you missed a transferred call');

    const again = await openRelay();
    again.send({ type: 'setup', sessionId: 'VX4', callSid, customParameters: back.relay!.parameters });
    await again.say('Sam Lee');
    await again.say('Please call me back about moving my Friday appointment');
    const [message] = await deps.data.ownerMessages.latest(line.ownerId);
    expect(message).toMatchObject({ name: 'Sam Lee', conversation_id: conversationId });
    const state = await deps.data.conversationStates.get(conversationId);
    expect(state!.actions.map((a) => a.tool)).toEqual(
      expect.arrayContaining(['escalate_to_manager', 'transfer', 'transfer_result', 'take_message']),
    );
    again.socket.close();
  });
});
