import { afterAll, describe, expect, it } from 'vitest';
import { callerTexts } from '../../shared/caller-texts';
import { VOICE_RELAY } from '../../shared/voice-relay';
import type { RelayOutgoing } from '../../shared/voice-relay-messages';
import { conversationAmender } from '../../backend/src/capabilities/voice/relay/conversation-amend';
import { createRelaySession } from '../../backend/src/capabilities/voice/relay/relay-session';
import type { RelayCall } from '../../backend/src/capabilities/voice/records/relay-calls';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { RECEPTIONIST_LIMITS } from '../../shared/receptionist/limits';
import type { EngineEvent } from '../../backend/src/capabilities/receptionist/records/conversation-types';
import { startFakeOpenAi } from '../fakes/openai/fake-openai';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

const NY = 'America/New_York';
/** Monday 2026-11-23, 10:00 in New York. */
const NOW = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const API_KEY = 'sk-test-slot-prefetch';
const BOOKING_LINE = 'Can I book a haircut tomorrow afternoon?';

type ChatBody = {
  messages: Array<{
    role: string;
    content: string | null;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  }>;
};

/**
 * The speculative slot search (docs/decisions/185-model-latency.md, Session 40) through the real OpenAI
 * adapter against a local fake of the chat completions API: words that plainly ask for a time get
 * find_open_slots run by the engine, and the model answers from the exchange in one request.
 */
describe('the slot search run before the model asks (real SDK, local fake API)', async () => {
  /** A time the fake model searches for at the caller's words (and again after a search for another). */
  let askAgain: (said: string) => string | undefined = () => undefined;
  /** How long the model takes to answer once a tool's result is in the request. */
  let afterToolMs = 0;
  const fake = await startFakeOpenAi({
    apiKey: API_KEY,
    streamDelayMs: (body) => ((body as ChatBody).messages.at(-1)?.role === 'tool' ? afterToolMs : 0),
    streamReply: (body) => {
      const messages = (body as ChatBody).messages;
      const last = messages.at(-1)!;
      if (last.role === 'tool') {
        const result = JSON.parse(last.content!) as { slots: Array<{ spoken: string }> };
        const again = askAgain(messages.findLast((m) => m.role === 'user')!.content!);
        const searched = messages.findLast((m) => m.tool_calls)!.tool_calls![0]!.function.arguments;
        if (again && (JSON.parse(searched) as { when: string }).when !== again)
          return { toolCalls: [{ name: 'find_open_slots', arguments: JSON.stringify({ when: again }) }] };
        return { content: `I have ${result.slots.map((s) => s.spoken).join(', ')}.` };
      }
      const again = askAgain(last.content!);
      if (again)
        return { toolCalls: [{ name: 'find_open_slots', arguments: JSON.stringify({ when: again }) }] };
      return { content: 'Yes, we are open tomorrow from 9 to 5.' };
    },
  });
  afterAll(() => fake.close());
  const { deps } = await createTestApp(
    { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseUrl },
    { now: () => NOW },
  );
  const chats = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');

  async function conversation(caller: string, channel: 'sms' | 'voice' = 'sms', externalId?: string) {
    const { ownerId, assistantNumber } = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      time_zone: NY,
      business_hours: {
        weekday_text: [
          'Monday: 9:00 AM – 5:00 PM',
          'Tuesday: 9:00 AM – 5:00 PM',
          'Wednesday: 9:00 AM – 5:00 PM',
          'Thursday: 9:00 AM – 5:00 PM',
          'Friday: 9:00 AM – 5:00 PM',
          'Saturday: Closed',
          'Sunday: Closed',
        ],
      },
    });
    return deps.receptionist.startConversation({
      ownerId,
      channel,
      caller,
      assistantNumber,
      ...(externalId ? { externalId } : {}),
    });
  }
  async function turn(conversationId: string, text: string) {
    const before = chats().length;
    const events: EngineEvent[] = [];
    for await (const event of deps.receptionist.runTurn(conversationId, { text })) events.push(event);
    const reply = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    return {
      events,
      reply,
      requests: chats()
        .slice(before)
        .map((r) => r.body as ChatBody),
    };
  }

  it('runs find_open_slots itself and the model answers from it in one request, stored as a tool exchange', async () => {
    askAgain = () => undefined;
    const started = await conversation('+14155550140');
    const { events, reply, requests } = await turn(started.id, BOOKING_LINE);

    expect(events.slice(0, 3)).toEqual([
      { type: 'language', language: 'en', changed: false },
      {
        type: 'tool_call',
        id: expect.stringMatching(/^call_\w{32}$/),
        name: 'find_open_slots',
        args: { when: BOOKING_LINE },
      },
      expect.objectContaining({ type: 'tool_result', name: 'find_open_slots', ok: true }),
    ]);
    const id = (events[1] as { id: string }).id;
    // One request: the caller's words, then the exchange exactly as the model would have asked for it.
    expect(requests).toHaveLength(1);
    const messages = requests[0]!.messages;
    expect(messages.slice(-4).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(messages.at(-3)).toEqual({ role: 'user', content: BOOKING_LINE });
    expect(messages.at(-2)).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id,
          type: 'function',
          function: { name: 'find_open_slots', arguments: JSON.stringify({ when: BOOKING_LINE }) },
        },
      ],
    });
    expect(messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: id });
    const result = JSON.parse(messages.at(-1)!.content!) as { ok: boolean; slots: Array<{ spoken: string }> };
    expect(result.ok).toBe(true);
    // Tuesday afternoon in New York: the search resolved "tomorrow afternoon" on the business's clock.
    expect(result.slots[0]!.spoken).toMatch(/^Tuesday, November 24 at (12|1|2|3|4):\d\d PM$/);
    expect(reply).toBe(`I have ${result.slots.map((s) => s.spoken).join(', ')}.`);

    // The history holds what a model-asked search leaves: the action, the offered times, the two turns.
    const stored = (await deps.receptionist.getConversation(started.id))!;
    expect(stored.actions).toEqual([
      {
        tool: 'find_open_slots',
        ok: true,
        summary: `Slots offered: ${result.slots.map((s) => s.spoken).join('; ')}`,
        at: NOW.toISOString(),
      },
    ]);
    expect(stored.memory.offered).toHaveLength(result.slots.length);
    expect(stored.turns.map((t) => [t.speaker, t.text])).toEqual([
      ['caller', BOOKING_LINE],
      ['assistant', reply],
    ]);
  });

  it('leaves other words to the model, and a second search in the conversation to the model as before', async () => {
    askAgain = (said) => (/instead/.test(said) ? 'Friday morning' : undefined);
    const started = await conversation('+14155550141', 'voice');
    const open = await turn(started.id, 'Are you open tomorrow?');
    expect(open.events.filter((e) => e.type !== 'text' && e.type !== 'language')).toEqual([]);
    expect(open.reply).toBe('Yes, we are open tomorrow from 9 to 5.');
    expect(open.requests).toHaveLength(1);
    expect(open.requests[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'Are you open tomorrow?' });

    await turn(started.id, BOOKING_LINE);
    // Times were offered: another day is the model's to ask for (it may rather book one of them).
    const again = await turn(started.id, 'Can I book Friday morning instead?');
    expect(again.requests).toHaveLength(2);
    expect(again.events.filter((e) => e.type === 'tool_call')).toEqual([
      expect.objectContaining({
        id: 'call_fake_0',
        name: 'find_open_slots',
        args: { when: 'Friday morning' },
      }),
    ]);
    expect(again.reply).toMatch(/^I have Friday, November 27 at 9:00 AM/);
    const stored = (await deps.receptionist.getConversation(started.id))!;
    expect(stored.actions.map((a) => a.tool)).toEqual(['find_open_slots', 'find_open_slots']);
  });

  it('counts the search as the turn’s first step: the same tool rounds as when the model asks', async () => {
    let searches = 0;
    askAgain = () => `next week (${(searches += 1)})`;
    const prefetched = await conversation('+14155550142');
    const withPrefetch = await turn(prefetched.id, BOOKING_LINE);
    const asked = await conversation('+14155550143');
    const withoutPrefetch = await turn(asked.id, 'Any time next week instead?');
    askAgain = () => undefined;

    const runs = (events: EngineEvent[]) => events.filter((e) => e.type === 'tool_call').length;
    expect(runs(withoutPrefetch.events)).toBe(RECEPTIONIST_LIMITS.stepsPerTurn);
    expect(withoutPrefetch.requests).toHaveLength(RECEPTIONIST_LIMITS.stepsPerTurn);
    expect(runs(withPrefetch.events)).toBe(RECEPTIONIST_LIMITS.stepsPerTurn);
    expect(withPrefetch.requests).toHaveLength(RECEPTIONIST_LIMITS.stepsPerTurn - 1);
  });

  it('the relay speaks the filler when the one request after a prefetched search is slow, never when quick', async () => {
    const fillerAfterMs = 400;
    /** A call over the real relay session and engine; the tokens the caller hears for the booking line. */
    async function bookingLineHeard(callSid: string, caller: string) {
      const started = await conversation(caller, 'voice', callSid);
      const call: RelayCall = { connectionId: callSid, caller: { kind: 'twilio' } };
      const sent: RelayOutgoing[] = [];
      const session = createRelaySession(
        {
          receptionist: deps.receptionist,
          conversations: conversationAmender(deps.data, deps.receptionist),
          relayCalls: {
            get: async () => ({ ...call }),
            setUp: async (_c, conversationId, sid, ownerId) =>
              Boolean(Object.assign(call, { conversationId, callSid: sid, ownerId })),
            end: async () => void Object.assign(call, { ended: true }),
          },
          logger: deps.logger,
          metrics: deps.metrics,
          fillerAfterMs,
        },
        { connectionId: callSid, send: async (message) => void sent.push(message) },
      );
      await session.handleMessage(
        JSON.stringify({
          type: 'setup',
          sessionId: 'VX1',
          callSid,
          from: caller,
          to: '+12125550100',
          customParameters: { [VOICE_RELAY.conversationParameter]: started.id },
        }),
      );
      await session.handleMessage(JSON.stringify({ type: 'prompt', voicePrompt: BOOKING_LINE, last: true }));
      return sent.flatMap((m) => (m.type === 'text' ? [m.token] : []));
    }
    const filler = `${callerTexts('en').voice.filler} `;

    afterToolMs = fillerAfterMs + 800;
    const slow = await bookingLineHeard('CA0123456789abcdef0123456789abc001', '+14155550144');
    afterToolMs = 0;
    const quick = await bookingLineHeard('CA0123456789abcdef0123456789abc002', '+14155550145');

    expect(slow[0]).toBe(filler);
    expect(slow.slice(1).join('')).toMatch(/^I have Tuesday, November 24 at /);
    expect(quick).not.toContain(filler);
    expect(quick.join('')).toMatch(/^I have Tuesday, November 24 at /);
  });
});
