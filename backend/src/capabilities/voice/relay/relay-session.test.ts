import { CALLER_TEXTS } from '@shared/caller-texts';
import { describe, expect, it } from 'vitest';
import { VOICE_RELAY } from '@shared/voice-relay';
import { handoffDataSchema } from '@shared/voice-relay-handoff';
import type { RelayOutgoing } from '@shared/voice-relay-messages';
import type { RelayCall, RelayCaller } from '../records/relay-calls';
import { createLogger } from '../../../platform/logging/logger';
import { createRecordingMetrics } from '../../../platform/observability/metrics';
import type { ConversationState, EngineEvent } from '../../receptionist/records/conversation-types';
import type { BusinessProfile, TurnWarmth } from '../../receptionist/index';
import { relayBindings, type RelayBindings } from './relay-bindings';
import { createRelaySession, trimToHeard } from './relay-session';

const CALL_SID = 'CA0123456789abcdef0123456789abcdef';

function conversation(overrides: Partial<ConversationState> = {}): ConversationState {
  const at = new Date().toISOString();
  return {
    id: 'conv-1',
    owner_id: 'owner-1',
    business_id: 'biz-1',
    channel: 'voice',
    caller: '+14155550199',
    external_id: CALL_SID,
    started_at: at,
    last_at: at,
    turns: [],
    actions: [],
    memory: {},
    achieved: {},
    amount_collected_cents: 0,
    version: 0,
    ...overrides,
  };
}

/** An engine stand-in that replays scripted events per turn, with optional pauses. */
function scriptedEngine(script: (text: string) => Array<EngineEvent | { pause: number }>) {
  const turns: string[] = [];
  const heardIn: Array<string | undefined> = [];
  const owners: Array<string | undefined> = [];
  const finished: string[] = [];
  const order: string[] = [];
  const warms: Array<TurnWarmth | undefined> = [];
  let completedTurns = 0;
  let closedTurns = 0;
  return {
    turns,
    heardIn,
    owners,
    finished,
    order,
    warms,
    completed: () => completedTurns,
    /** Runs that ended, run to their end or closed by the relay. */
    closed: () => closedTurns,
    async *runTurn(
      _id: string,
      input: { text: string; language?: string; ownerId?: string; warm?: TurnWarmth },
    ): AsyncGenerator<EngineEvent> {
      turns.push(input.text);
      warms.push(input.warm);
      heardIn.push(input.language);
      owners.push(input.ownerId);
      order.push('turn started');
      try {
        for (const step of script(input.text)) {
          if ('pause' in step) await new Promise((resolve) => setTimeout(resolve, step.pause));
          else yield step;
        }
        completedTurns += 1;
      } finally {
        closedTurns += 1;
      }
    },
    async finish(id: string) {
      finished.push(id);
    },
    profileOf: async (ownerId: string) => ({ ownerId, name: 'Bella Hair' }) as BusinessProfile,
  };
}

function harness(options: {
  state?: ConversationState;
  caller?: RelayCaller;
  script?: (text: string) => Array<EngineEvent | { pause: number }>;
  failSendAfter?: number;
  /** How long the relay-call read takes. */
  callReadMs?: number;
  /** Shared with another session: what a Lambda instance remembers across messages. */
  bindings?: RelayBindings;
}) {
  const states = new Map<string, ConversationState>();
  const state = options.state ?? conversation();
  states.set(state.id, structuredClone(state));
  const call: RelayCall = { connectionId: 'conn-1', caller: options.caller ?? { kind: 'twilio' } };
  const sent: RelayOutgoing[] = [];
  const logs: string[] = [];
  const engine = scriptedEngine(options.script ?? (() => [{ type: 'text', delta: 'Hello there.' }]));
  const recorded = createRecordingMetrics();
  const session = createRelaySession(
    {
      receptionist: engine,
      conversations: {
        get: async (id) => structuredClone(states.get(id)),
        async amend(next) {
          const current = states.get(next.id);
          if (!current || current.version !== next.version) return false;
          states.set(next.id, { ...next, version: next.version + 1 });
          return true;
        },
      },
      relayCalls: {
        async get() {
          const read = { ...call };
          if (options.callReadMs) await new Promise((resolve) => setTimeout(resolve, options.callReadMs));
          engine.order.push('call read');
          return read;
        },
        async setUp(_c, conversationId, callSid, ownerId) {
          if (call.conversationId) return false;
          Object.assign(call, { conversationId, callSid, ownerId });
          return true;
        },
        async end() {
          call.ended = true;
        },
      },
      logger: createLogger((line) => logs.push(line)),
      metrics: recorded.metrics,
      fillerAfterMs: 30,
      ...(options.bindings ? { bindings: options.bindings } : {}),
    },
    {
      connectionId: 'conn-1',
      async send(message) {
        if (options.failSendAfter !== undefined && sent.length >= options.failSendAfter)
          throw new Error('socket closed');
        sent.push(message);
      },
    },
  );
  const message = (body: unknown) => session.handleMessage(JSON.stringify(body));
  const setup = (conversationId = state.id, callSid = CALL_SID) =>
    message({
      type: 'setup',
      sessionId: 'VX1',
      callSid,
      from: '+14155550199',
      to: '+12125550100',
      customParameters: { [VOICE_RELAY.conversationParameter]: conversationId },
    });
  const handoffs = () =>
    sent.filter((m) => m.type === 'end').map((m) => handoffDataSchema.parse(JSON.parse(m.handoffData)));
  /** RelayErrors counted so far (the relay-errors alarm's figure). */
  const relayErrors = () => recorded.counted.filter((m) => m.name === 'RelayErrors').length;
  return { session, sent, logs, engine, call, states, message, setup, handoffs, relayErrors };
}

describe('relay session (ConversationRelay protocol)', () => {
  it('setup binds the socket to the call’s conversation and sends nothing back', async () => {
    const h = harness({});
    await h.setup();
    expect(h.call.conversationId).toBe('conv-1');
    expect(h.sent).toEqual([]);
  });

  it('setup records when the call was answered (the greeting plays now), once', async () => {
    const h = harness({});
    const before = Date.now();
    await h.setup();
    const answeredAt = h.states.get('conv-1')!.answered_at;
    expect(Date.parse(answeredAt!)).toBeGreaterThanOrEqual(before - 1);
    await h.setup();
    expect(h.states.get('conv-1')!.answered_at).toBe(answeredAt);
  });

  it('refuses a setup whose CallSid is not the conversation’s, and a second setup', async () => {
    const wrong = harness({});
    await wrong.setup('conv-1', 'CAffffffffffffffffffffffffffffffff');
    expect(wrong.handoffs()).toEqual([
      { reasonCode: 'protocol-error', reason: 'unknown or closed conversation' },
    ]);
    expect(wrong.call.ended).toBe(true);

    const twice = harness({});
    await twice.setup();
    await twice.setup();
    expect(twice.handoffs()).toEqual([
      { reasonCode: 'protocol-error', reason: 'setup was already received' },
    ]);
  });

  it('lets an owner’s test call set up only their own test conversation', async () => {
    const state = conversation({ channel: 'test', external_id: undefined });
    const other = harness({ state, caller: { kind: 'owner', sub: 'someone-else' } });
    await other.setup();
    expect(other.handoffs()[0]?.reasonCode).toBe('protocol-error');
    const own = harness({ state, caller: { kind: 'owner', sub: 'owner-1' } });
    await own.setup();
    expect(own.call.conversationId).toBe('conv-1');
  });

  it('a final prompt is one engine turn whose text streams as tokens ending with last', async () => {
    const h = harness({
      script: () => [
        { type: 'text', delta: 'We open ' },
        { type: 'text', delta: 'at nine.' },
      ],
    });
    await h.setup();
    await h.message({ type: 'prompt', voicePrompt: 'When do you open?', lang: 'en-US', last: true });
    expect(h.engine.turns).toEqual(['When do you open?']);
    expect(h.sent).toEqual([
      { type: 'text', token: 'We open ', last: false },
      { type: 'text', token: 'at nine.', last: false },
      { type: 'text', token: '', last: true },
    ]);
  });

  it('ignores partial prompts and empty ones', async () => {
    const h = harness({});
    await h.setup();
    await h.message({ type: 'prompt', voicePrompt: 'When do', last: false });
    await h.message({ type: 'prompt', voicePrompt: '   ', last: true });
    expect(h.engine.turns).toEqual([]);
    expect(h.sent).toEqual([]);
  });

  it('answers a huge prompt politely without running a turn', async () => {
    const h = harness({});
    await h.setup();
    await h.message({ type: 'prompt', voicePrompt: 'blah '.repeat(2_000), last: true });
    expect(h.engine.turns).toEqual([]);
    expect(h.sent).toEqual([{ type: 'text', token: CALLER_TEXTS.en.voice.promptTooLong, last: true }]);
  });

  it('ends cleanly when a prompt, interrupt or dtmf arrives before setup', async () => {
    for (const body of [
      { type: 'prompt', voicePrompt: 'hello', last: true },
      { type: 'interrupt', utteranceUntilInterrupt: 'Hi' },
      { type: 'dtmf', digit: '0' },
    ]) {
      const h = harness({});
      await h.message(body);
      expect(h.engine.turns).toEqual([]);
      expect(h.handoffs()).toEqual([{ reasonCode: 'protocol-error', reason: `${body.type} before setup` }]);
      expect(h.relayErrors()).toBe(1);
    }
  });

  it('answers messages for an ended call with a clean end and never runs a turn', async () => {
    // Ended elsewhere (another instance, the status callback): the turn started beside the call's read is
    // closed at its first event, before the engine writes or asks the model; nothing is spoken.
    const h = harness({});
    await h.setup();
    h.call.ended = true;
    await h.message({ type: 'prompt', voicePrompt: 'Are you there?', last: true });
    expect(h.engine.completed()).toBe(0);
    expect(h.engine.closed()).toBe(h.engine.turns.length);
    expect(h.sent.filter((m) => m.type === 'text')).toEqual([]);
    expect(h.handoffs()).toEqual([{ reasonCode: 'end', reason: 'already_ended' }]);
    // A session that never saw this call bound does not start the engine at all.
    const fresh = harness({ bindings: relayBindings() });
    await fresh.setup();
    const other = createRelaySession(
      {
        receptionist: fresh.engine,
        conversations: { get: async () => undefined, amend: async () => false },
        relayCalls: {
          get: async () => ({ ...fresh.call, ended: true }),
          setUp: async () => false,
          end: async () => {},
        },
        logger: createLogger(() => {}),
        metrics: createRecordingMetrics().metrics,
      },
      { connectionId: 'conn-1', send: async () => {} },
    );
    await other.handleMessage(JSON.stringify({ type: 'prompt', voicePrompt: 'Are you there?', last: true }));
    expect(fresh.engine.turns).toEqual([]);
  });

  it('starts a bound call’s turn beside the relay-call read, and only runs it once the read allows', async () => {
    const h = harness({ callReadMs: 20 });
    await h.setup();
    h.engine.order.length = 0;
    await h.message({ type: 'prompt', voicePrompt: 'When do you open?', lang: 'en-US', last: true });
    expect(h.engine.order).toEqual(['turn started', 'call read']);
    expect(h.engine.completed()).toBe(1);
    expect(h.engine.owners).toEqual(['owner-1']);
    expect(h.sent.at(-1)).toEqual({ type: 'text', token: '', last: true });
  });

  it('remembers a binding per instance: a Lambda session per message starts the turn early from the second on', async () => {
    const bindings = relayBindings();
    const h = harness({ callReadMs: 20, bindings });
    await h.setup();
    // As if another instance had taken the setup: this one learns the binding from its first read.
    bindings.delete('conn-1');
    h.engine.order.length = 0;
    await h.message({ type: 'prompt', voicePrompt: 'Hello?', last: true });
    await h.message({ type: 'prompt', voicePrompt: 'Are you open?', last: true });
    expect(h.engine.order).toEqual(['call read', 'turn started', 'turn started', 'call read']);
    expect(h.engine.completed()).toBe(2);
  });

  it('skips malformed messages (not JSON, unknown type, bad fields) without ending the call', async () => {
    const h = harness({});
    await h.setup();
    await h.session.handleMessage('{not json');
    await h.message({ type: 'mystery' });
    await h.message({ type: 'dtmf', digit: 'xx' });
    await h.message({ type: 'prompt' });
    expect(h.sent).toEqual([]);
    expect(h.call.ended).toBeUndefined();
    await h.message({ type: 'prompt', voicePrompt: 'Still there?', last: true });
    expect(h.engine.turns).toEqual(['Still there?']);
    expect(h.relayErrors()).toBe(0);
  });

  it('logs an error message from Twilio and carries on', async () => {
    const h = harness({});
    await h.setup();
    await h.message({ type: 'error', description: 'Invalid message received' });
    expect(h.sent).toEqual([]);
    expect(h.call.ended).toBeUndefined();
    expect(h.logs.join('\n')).toContain('voice_relay.twilio_error');
    expect(h.relayErrors()).toBe(1);
  });

  it('a turn that fails ends the call cleanly and counts a relay error', async () => {
    const h = harness({
      script: () => {
        throw new Error('model unavailable');
      },
    });
    await h.setup();
    await h.message({ type: 'prompt', voicePrompt: 'Hello?', last: true });
    expect(h.handoffs()).toEqual([{ reasonCode: 'end', reason: 'error' }]);
    expect(h.logs.join('\n')).toContain('voice_relay.failed');
    expect(h.relayErrors()).toBe(1);
  });

  it('a close that fails is logged and counted, never thrown; so is a socket error', async () => {
    const state = conversation({ channel: 'test', external_id: undefined });
    const h = harness({ state, caller: { kind: 'owner', sub: 'owner-1' } });
    await h.setup();
    h.engine.finish = () => Promise.reject(new Error('DynamoDB is down'));
    await expect(h.session.closed()).resolves.toBeUndefined();
    expect(h.logs.join('\n')).toContain('voice_relay.close_failed');
    expect(h.relayErrors()).toBe(1);
    h.session.socketError(new Error('ECONNRESET'));
    expect(h.logs.join('\n')).toContain('voice_relay.socket_error');
    expect(h.relayErrors()).toBe(2);
  });

  it('DTMF 0 asks for a person; other digits do nothing', async () => {
    const h = harness({});
    await h.setup();
    await h.message({ type: 'dtmf', digit: '5' });
    expect(h.engine.turns).toEqual([]);
    await h.message({ type: 'dtmf', digit: '0' });
    expect(h.engine.turns).toEqual([VOICE_RELAY.dtmfPersonRequest]);
  });

  it('a transfer ends the session with handoffData naming the manager and the summary', async () => {
    const h = harness({
      script: () => [
        { type: 'text', delta: 'Let me connect you now.' },
        { type: 'tool_call', id: 't1', name: 'escalate_to_manager', args: {} },
        { type: 'tool_result', id: 't1', name: 'escalate_to_manager', ok: true, summary: 'escalated' },
        { type: 'transfer', to: '+14155550100', summary: 'Sam wants to move his Friday cut.' },
      ],
    });
    await h.setup();
    await h.message({ type: 'prompt', voicePrompt: 'Can I talk to the manager?', last: true });
    expect(h.sent.at(-2)).toEqual({ type: 'text', token: '', last: true });
    expect(h.handoffs()).toEqual([
      {
        reasonCode: 'live-agent-handoff',
        conversationId: 'conv-1',
        to: '+14155550100',
        summary: 'Sam wants to move his Friday cut.',
      },
    ]);
    expect(h.call.ended).toBe(true);
  });

  it('an engine end closes the session after the goodbye', async () => {
    const h = harness({
      script: () => [
        { type: 'text', delta: 'Goodbye!' },
        { type: 'end', reason: 'goodbye' },
        { type: 'hang_up' },
      ],
    });
    await h.setup();
    await h.message({ type: 'prompt', voicePrompt: 'That is all, bye', last: true });
    expect(h.handoffs()).toEqual([{ reasonCode: 'end', conversationId: 'conv-1', reason: 'goodbye' }]);
  });

  it('switches Twilio to Spanish when the caller did, and fills silences in Spanish (decision 174)', async () => {
    const h = harness({
      script: () => [
        { type: 'language', language: 'es', changed: true },
        { type: 'tool_call', id: 't1', name: 'find_open_slots', args: {} },
        { pause: 120 },
        { type: 'tool_result', id: 't1', name: 'find_open_slots', ok: true, summary: '3 slots' },
        { type: 'text', delta: 'Tengo a las 3.' },
      ],
    });
    await h.setup();
    await h.message({ type: 'prompt', voicePrompt: '¿Tienen algo mañana?', lang: 'en-US', last: true });
    expect(h.sent.map((m) => (m.type === 'text' ? m.token : m))).toEqual([
      { type: 'language', ttsLanguage: 'es-US', transcriptionLanguage: 'es-US' },
      `${CALLER_TEXTS.es.voice.filler} `,
      'Tengo a las 3.',
      '',
    ]);
    // A turn that stays in the language sends no switch.
    const same = harness({
      script: () => [
        { type: 'language', language: 'es', changed: false },
        { type: 'text', delta: 'Sí.' },
      ],
    });
    await same.setup();
    await same.message({ type: 'prompt', voicePrompt: 'vale', lang: 'es-US', last: true });
    expect(same.sent.map((m) => m.type)).toEqual(['text', 'text']);
    expect(same.engine.heardIn).toEqual(['es']);
  });

  it('speaks a short filler while a tool call takes long, and none for a quick one', async () => {
    const slow = harness({
      script: () => [
        { type: 'tool_call', id: 't1', name: 'find_open_slots', args: {} },
        { pause: 120 },
        { type: 'tool_result', id: 't1', name: 'find_open_slots', ok: true, summary: '3 slots' },
        { type: 'text', delta: 'I have 3pm.' },
      ],
    });
    await slow.setup();
    await slow.message({ type: 'prompt', voicePrompt: 'Anything tomorrow?', last: true });
    expect(slow.sent.map((m) => (m.type === 'text' ? m.token : m.type))).toEqual([
      `${CALLER_TEXTS.en.voice.filler} `,
      'I have 3pm.',
      '',
    ]);

    const quick = harness({
      script: () => [
        { type: 'tool_call', id: 't1', name: 'find_open_slots', args: {} },
        { type: 'tool_result', id: 't1', name: 'find_open_slots', ok: true, summary: '3 slots' },
        { type: 'text', delta: 'I have 3pm.' },
      ],
    });
    await quick.setup();
    await quick.message({ type: 'prompt', voicePrompt: 'Anything tomorrow?', last: true });
    expect(quick.sent.map((m) => (m.type === 'text' ? m.token : m.type))).toEqual(['I have 3pm.', '']);
  });

  it('hands the engine the conversation’s owner stored at setup, so it reads the business beside the lease', async () => {
    const h = harness({});
    await h.setup();
    expect(h.call.ownerId).toBe('owner-1');
    await h.message({ type: 'prompt', voicePrompt: 'Hello?', last: true });
    await h.message({ type: 'dtmf', digit: '0' });
    expect(h.engine.owners).toEqual(['owner-1', 'owner-1']);
  });

  it('counts the model’s answer after the tool in the wait, and speaks the filler once per wait', async () => {
    // The tool returns at once; the model then takes long to answer from its result.
    const slowModel = harness({
      script: () => [
        { type: 'tool_call', id: 't1', name: 'find_open_slots', args: {} },
        { type: 'tool_result', id: 't1', name: 'find_open_slots', ok: true, summary: '3 slots' },
        { pause: 120 },
        { type: 'tool_call', id: 't2', name: 'get_business_info', args: {} },
        { type: 'tool_result', id: 't2', name: 'get_business_info', ok: true, summary: 'hours' },
        { pause: 120 },
        { type: 'text', delta: 'I have 3pm.' },
      ],
    });
    await slowModel.setup();
    await slowModel.message({ type: 'prompt', voicePrompt: 'Anything tomorrow?', last: true });
    expect(slowModel.sent.map((m) => (m.type === 'text' ? m.token : m.type))).toEqual([
      `${CALLER_TEXTS.en.voice.filler} `,
      'I have 3pm.',
      '',
    ]);
    // Two short steps that together pass the threshold: the wait is counted from the first tool call.
    const twoSteps = harness({
      script: () => [
        { type: 'tool_call', id: 't1', name: 'find_open_slots', args: {} },
        { pause: 20 },
        { type: 'tool_result', id: 't1', name: 'find_open_slots', ok: true, summary: '3 slots' },
        { pause: 20 },
        { type: 'text', delta: 'I have 3pm.' },
      ],
    });
    await twoSteps.setup();
    await twoSteps.message({ type: 'prompt', voicePrompt: 'Anything tomorrow?', last: true });
    expect(twoSteps.sent.map((m) => (m.type === 'text' ? m.token : m.type))).toEqual([
      `${CALLER_TEXTS.en.voice.filler} `,
      'I have 3pm.',
      '',
    ]);
  });

  it('a socket dropped mid-turn still lets the engine finish (and store) the turn', async () => {
    const h = harness({
      failSendAfter: 1,
      script: () => [
        { type: 'text', delta: 'One, ' },
        { type: 'text', delta: 'two, ' },
        { type: 'text', delta: 'three.' },
      ],
    });
    await h.setup();
    await h.message({ type: 'prompt', voicePrompt: 'Count for me', last: true });
    expect(h.sent).toEqual([{ type: 'text', token: 'One, ', last: false }]);
    expect(h.engine.completed()).toBe(1);
  });

  it('an interrupt trims the last reply in the transcript to what the caller heard', async () => {
    const at = new Date().toISOString();
    const state = conversation({
      turns: [
        { speaker: 'caller', text: 'What do you offer?', at },
        { speaker: 'assistant', text: 'We offer cuts, colour, and styling. We also do weddings.', at },
      ],
    });
    const h = harness({ state });
    await h.setup();
    await h.message({
      type: 'interrupt',
      utteranceUntilInterrupt: 'We offer cuts, colour',
      durationUntilInterruptMs: 900,
    });
    const stored = h.states.get('conv-1')!;
    expect(stored.turns.map((t) => t.text)).toEqual(['What do you offer?', 'We offer cuts, colour …']);
    // Version 1 is setup's answered_at, 2 the trimmed reply.
    expect(stored.version).toBe(2);
    expect(h.sent).toEqual([]);
  });

  it('keeps the engine one warmth per connection: the answered state and business from setup, the trimmed reply after an interrupt', async () => {
    const at = new Date().toISOString();
    const state = conversation({
      turns: [
        { speaker: 'caller', text: 'What do you offer?', at },
        { speaker: 'assistant', text: 'We offer cuts, colour, and styling.', at },
      ],
    });
    const bindings = relayBindings();
    const h = harness({ state, bindings });
    await h.setup();
    const warm = bindings.warmth('conn-1', 'conv-1');
    // The call's first turn may start warm: setup read the business beside its answered_at write.
    expect(warm.state?.answered_at).toBeDefined();
    expect(warm.profile).toMatchObject({ ownerId: 'owner-1' });
    await h.message({
      type: 'interrupt',
      utteranceUntilInterrupt: 'We offer cuts',
      durationUntilInterruptMs: 500,
    });
    expect(warm.state?.turns.at(-1)?.text).toBe('We offer cuts …');
    expect(warm.state?.turns).toEqual(h.states.get('conv-1')!.turns);
    await h.message({ type: 'prompt', voicePrompt: 'And colour?', last: true });
    await h.message({ type: 'prompt', voicePrompt: 'How much?', last: true });
    expect(h.engine.warms).toHaveLength(2);
    expect(h.engine.warms.every((w) => w === warm)).toBe(true);
    // An ended call forgets it.
    await h.message({ type: 'dtmf', digit: '0' });
    await h.session.closed();
    expect(bindings.warmth('conn-1', 'conv-1')).toEqual({});
  });

  it('an interrupt after the caller spoke last changes nothing', async () => {
    const at = new Date().toISOString();
    const h = harness({ state: conversation({ turns: [{ speaker: 'caller', text: 'Hi', at }] }) });
    await h.setup();
    const afterSetup = h.states.get('conv-1')!.version;
    await h.message({ type: 'interrupt', utteranceUntilInterrupt: 'Hel' });
    expect(h.states.get('conv-1')!.version).toBe(afterSetup);
  });

  it('ends an owner’s test conversation when the browser hangs up', async () => {
    const state = conversation({ channel: 'test', external_id: undefined });
    const h = harness({ state, caller: { kind: 'owner', sub: 'owner-1' } });
    await h.setup();
    await h.session.closed();
    expect(h.engine.finished).toEqual(['conv-1']);
  });
});

describe('trimToHeard', () => {
  it('keeps the heard prefix, or cuts at its length when TTS changed the words', () => {
    expect(trimToHeard('We open at 9 am today.', 'We open at')).toBe('We open at');
    expect(trimToHeard('We open at 9 am today.', 'We open at nine')).toBe('We open at 9 am');
    expect(trimToHeard('We open at 9 am today.', '  ')).toBe('');
  });
});
