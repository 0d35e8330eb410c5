import { CALLER_TEXTS } from '@shared/caller-texts';
import { afterAll, describe, expect, it } from 'vitest';
import { VOICE_TEXTS } from '../../shared/voice-relay';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { startLocalCall, type LocalCallEvent } from '../../backend/src/local/twilio/local-call';
import { UnknownLocalNumberError } from '../../backend/src/local/twilio/local-sms-delivery';
import { conversationIdOfCall } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import WebSocket from 'ws';
import { createAssistantLine } from '../support/assistant-line';
import { startRelayStack } from '../support/relay-stack';

/**
 * The local telephony provider placing calls the way Twilio does: the signed voice webhook through the app,
 * the relay socket opened over the network with a signed handshake, the <Connect action> and <Dial action>
 * callbacks, and the status callback when the caller hangs up; all against the real engine and DynamoDB Local.
 */
const CALLER = '+14155550123';
const MANAGER = '+14155550100';
const { app, deps, pageUrl, close } = await startRelayStack({ pageSockets: true });
afterAll(close);

async function dial(to: string) {
  const events: LocalCallEvent[] = [];
  const waiters: Array<() => void> = [];
  const call = await startLocalCall({
    account: deps.localTwilioAccount!,
    authToken: LOCAL_TWILIO_AUTH_TOKEN,
    dispatch: async (request) => app.fetch(request),
    from: CALLER,
    to,
    onEvent: (event) => {
      events.push(event);
      for (const wake of waiters.splice(0)) wake();
    },
  });
  const until = async (done: (e: LocalCallEvent[]) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!done(events)) {
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  /** Says something and returns the assistant's whole reply. */
  const say = async (text: string) => {
    const from = events.length;
    call.say(text);
    await until((e) => e.slice(from).some((x) => x.type === 'assistant' && x.last));
    return events
      .slice(from)
      .map((e) => (e.type === 'assistant' ? e.token : ''))
      .join('');
  };
  return { call, events, until, say };
}

describe('local calls (the local telephony provider plays Twilio)', () => {
  it('is answered by the assistant with its greeting, talks, and hanging up closes the conversation', async () => {
    const line = await createAssistantLine(deps);
    const { call, events, say, until } = await dial(line.assistantNumber);
    expect(events[0]).toEqual({
      type: 'assistant',
      token: expect.stringContaining('Thanks for calling Bella Hair Studio'),
      last: true,
    });
    expect(await say('Where are you located?')).toContain('12 Market St');
    await call.hangUp();
    await until((e) => e.some((x) => x.type === 'ended'));
    const state = await deps.data.conversationStates.get(conversationIdOfCall(call.callSid));
    expect(state).toMatchObject({ channel: 'voice', caller: CALLER });
    expect(state!.ended_at).toBeDefined();
    expect(state!.actions.at(-1)?.summary).toMatch(/^Ended: call completed after \d+ s$/);
  });

  it('a caller remembered as speaking Spanish is greeted in Spanish and transcribed in Spanish from the start (decision 174)', async () => {
    const line = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, {
      languages: ['en', 'es'],
      remember_past_callers: true,
    });
    await deps.data.callerMemories.remember(
      line.ownerId,
      CALLER,
      { name: 'Lucía', language: 'es' },
      new Date(),
      30,
    );
    const { call, events, say } = await dial(line.assistantNumber);
    expect(events.slice(0, 2)).toEqual([
      { type: 'language', code: 'es-US' },
      {
        type: 'assistant',
        token: expect.stringMatching(/^¡Hola, Lucía! Qué gusto saludarle de nuevo\./),
        last: true,
      },
    ]);
    expect(await say('¿Dónde están ubicados?')).toContain('Estamos en');
    // No switch was needed: the relay never sent a language message of its own.
    expect(events.filter((e) => e.type === 'language')).toHaveLength(1);
    await call.hangUp();
    await deps.data.callerMemories.forget(line.ownerId, CALLER);
  });

  it('hanging up e-mails the owner the call’s summary through the local outbox', async () => {
    const line = await createAssistantLine(deps);
    const email = `owner-${line.ownerId.slice(0, 8)}@example.com`;
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, { escalation_email: email });
    const { call, say, until } = await dial(line.assistantNumber);
    await say('What are your hours?');
    await call.hangUp();
    await until((e) => e.some((x) => x.type === 'ended'));
    await deps.notifier.settled();
    const summaries = (await deps.localOutbox!.list()).filter(
      (m) => m.to === email && m.kind === 'notification-summary',
    );
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.text).toContain('What are your hours?');
  });

  it('rings the manager on a transfer; let ring out, the assistant takes a message and the manager is texted', async () => {
    const line = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, {
      manager_number: MANAGER,
      manager_name: 'Dana',
    });
    const { call, events, say, until } = await dial(line.assistantNumber);
    await say('Can I talk to the manager?');
    await until((e) => e.some((x) => x.type === 'manager_ringing'));
    expect(events.find((e) => e.type === 'manager_ringing')).toMatchObject({
      to: MANAGER,
      whisper: expect.stringContaining('Call from Ringly.'),
      timeoutSeconds: 20,
    });
    call.letItRingOut();
    await until((e) =>
      e.some((x) => x.type === 'assistant' && x.token === CALLER_TEXTS.en.voice.noAnswer('Dana')),
    );
    const texts = await deps.localTwilioAccount!.thread(line.assistantNumber, MANAGER);
    expect(texts.map((t) => t.body).join('\n')).toContain('you missed a transferred call');
    await say('Sam Lee');
    await say('Please call me back about my Friday appointment');
    const [message] = await deps.data.ownerMessages.latest(line.ownerId);
    expect(message).toMatchObject({ name: 'Sam Lee', conversation_id: conversationIdOfCall(call.callSid) });
    await call.hangUp();
  });

  it('connects the manager when the line is answered, and reports the transfer when the call ends', async () => {
    const line = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, { manager_number: MANAGER });
    const { call, say, until } = await dial(line.assistantNumber);
    await say('I want to speak to a person');
    await until((e) => e.some((x) => x.type === 'manager_ringing'));
    call.answerManager();
    await until((e) => e.some((x) => x.type === 'manager_connected'));
    await call.hangUp();
    const state = await deps.data.conversationStates.get(conversationIdOfCall(call.callSid));
    expect(state!.actions.map((a) => [a.tool, a.summary])).toContainEqual([
      'transfer_result',
      'The manager answered',
    ]);
    expect(state!.ended_at).toBeDefined();
  });

  it("forwards a lapsed owner's call to the business line; refuses numbers not on the account", async () => {
    const line = await createAssistantLine(deps, { subscription: 'canceled' });
    const { events } = await dial(line.assistantNumber);
    expect(events).toEqual([
      { type: 'say', text: VOICE_TEXTS.lapsed('Bella Hair Studio') },
      { type: 'forwarded', to: '+14155550142' },
    ]);
    await expect(dial('+12125550999')).rejects.toBeInstanceOf(UnknownLocalNumberError);
  });

  it("the page's call socket: bad commands get a clear error, a call is heard (espeak-ng), closing the page hangs up", async () => {
    const line = await createAssistantLine(deps);
    const page = new WebSocket(pageUrl);
    type PageMessage = {
      type: string;
      message?: { type: string; format?: string; sample_rate?: number } | string;
      event?: { type: string; token?: string; last?: boolean };
      callSid?: string;
    };
    const received: PageMessage[] = [];
    const speech = (type: string) =>
      received.filter((m) => m.type === 'speech' && typeof m.message === 'object' && m.message.type === type);
    page.on('message', (data) => received.push(JSON.parse(data.toString()) as PageMessage));
    await new Promise((resolve, reject) => page.once('open', resolve).once('error', reject));
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!done()) {
        if (Date.now() > deadline)
          throw new Error(`timed out; got ${JSON.stringify(received).slice(0, 2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const errors = () => received.filter((m) => m.type === 'call_error').map((m) => m.message as string);

    page.send('not json');
    page.send(JSON.stringify({ type: 'say', text: 'Hello?' }));
    page.send(JSON.stringify({ type: 'dial', assistant: '+12125550999', caller: CALLER }));
    page.send(JSON.stringify({ type: 'dial', assistant: 'nope', caller: CALLER }));
    await until(() => errors().length === 4);
    // The unknown number is found out after a look-up, so its answer may come last.
    expect(errors().sort()).toEqual([
      'Invalid message',
      expect.stringMatching(/^Invalid message: .*\+15551234567/),
      'That number is not one of the local assistant numbers.',
      'There is no call on this line.',
    ]);

    page.send(JSON.stringify({ type: 'dial', assistant: line.assistantNumber, caller: CALLER }));
    await until(() => received.some((m) => m.type === 'connected'));
    // The greeting is shown and spoken: PCM chunks of the voice-preview stream.
    await until(() => speech('stream_complete').length > 0);
    expect(received.find((m) => m.type === 'call')?.event).toMatchObject({ type: 'assistant', last: true });
    expect(speech('audio_chunk')[0]?.message).toMatchObject({
      format: 'pcm',
      sample_rate: 22050,
    });
    // A huge prompt gets the relay's short answer and no turn.
    page.send(JSON.stringify({ type: 'say', text: 'blah '.repeat(1_000) }));
    await until(() =>
      received.some(
        (m) =>
          m.type === 'call' &&
          m.event?.type === 'assistant' &&
          m.event.token === CALLER_TEXTS.en.voice.promptTooLong,
      ),
    );
    const callSid = received.find((m) => m.type === 'connected')!.callSid!;
    // Turned away before the engine: the transcript holds the greeting only, no caller turn.
    expect(
      (await deps.data.conversationStates.get(conversationIdOfCall(callSid)))!.turns.map((t) => t.speaker),
    ).toEqual(['assistant']);

    // The page goes away mid-call: the call is hung up and its conversation closed by the status callback.
    page.close();
    await expect
      .poll(async () => (await deps.data.conversationStates.get(conversationIdOfCall(callSid)))?.ended_at, {
        timeout: 10_000,
      })
      .toBeDefined();
  });
});
