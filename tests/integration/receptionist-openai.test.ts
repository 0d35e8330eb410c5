import { afterAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../shared/receptionist/business-time';
import type { EngineEvent } from '../../backend/src/capabilities/receptionist/records/conversation-types';
import { startFakeOpenAi } from '../fakes/openai/fake-openai';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

const NY = 'America/New_York';
const NOW = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const API_KEY = 'sk-test-receptionist';

/**
 * The real OpenAI adapter (the SDK itself) against a local fake of the chat completions API that streams
 * text and tool calls in fragments, driven through the whole engine: the tool call is assembled, run, and
 * its result goes back to the model in OpenAI's wire format.
 */
describe('receptionist with the OpenAI model (real SDK, local fake API)', async () => {
  const fake = await startFakeOpenAi({
    apiKey: API_KEY,
    streamReply: (body) => {
      const messages = body.messages as Array<{
        role: string;
        content: string | null;
        tool_call_id?: string;
      }>;
      const last = messages.at(-1)!;
      if (last.role === 'tool')
        return { content: `Here is what I found: ${JSON.parse(last.content!).answer}` };
      return { toolCalls: [{ name: 'get_business_info', arguments: JSON.stringify({ topic: 'hours' }) }] };
    },
  });
  afterAll(() => fake.close());
  const { deps } = await createTestApp(
    { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseUrl },
    { now: () => NOW },
  );

  it('streams a tool call, runs it, and streams the answer built from its result', async () => {
    const { ownerId, assistantNumber } = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      time_zone: NY,
      business_hours: { weekday_text: ['Monday: 9:00 AM – 5:00 PM', 'Tuesday: Closed'] },
    });
    expect(deps.receptionist.kind).toBe('openai');
    const conversation = await deps.receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: '+14155550100',
      assistantNumber,
    });
    const events: EngineEvent[] = [];
    for await (const event of deps.receptionist.runTurn(conversation.id, { text: 'When are you open?' })) {
      events.push(event);
    }
    // Every turn opens with its language (the voice relay switches Twilio's on a change, decision 174).
    expect(events.slice(0, 3)).toEqual([
      { type: 'language', language: 'en', changed: false },
      { type: 'tool_call', id: 'call_fake_0', name: 'get_business_info', args: { topic: 'hours' } },
      expect.objectContaining({ type: 'tool_result', name: 'get_business_info', ok: true }),
    ]);
    const reply = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    expect(reply).toBe('Here is what I found: Monday 9:00 AM – 5:00 PM; closed Tuesday');

    const chats = fake.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chats).toHaveLength(2);
    expect(chats[0]!.authorization).toBe(`Bearer ${API_KEY}`);
    const first = chats[0]!.body as {
      stream: boolean;
      tools: Array<{ function: { name: string } }>;
      messages: Array<{ role: string; content: string }>;
    };
    expect(first.stream).toBe(true);
    expect(first.tools.map((t) => t.function.name)).toContain('book_appointment');
    expect(first.messages[0]!.content).toContain('Opening hours: Monday 9:00 AM – 5:00 PM; closed Tuesday');
    const second = chats[1]!.body as { messages: Array<Record<string, unknown>> };
    expect(second.messages.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ id: 'call_fake_0', function: { name: 'get_business_info' } }],
    });
    expect(second.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_fake_0' });

    // The stable prefix (docs/decisions/185-model-latency.md): tools before messages, instructions without
    // the time, this turn's time just before the caller's words, and the tool step repeats the whole first
    // request, so the provider's prompt cache can serve all of it.
    expect(Object.keys(first).indexOf('tools')).toBeLessThan(Object.keys(first).indexOf('messages'));
    expect(first.messages[0]!.content).not.toMatch(/It is now/);
    expect(first.messages.slice(1)).toEqual([
      { role: 'system', content: 'It is now Monday, November 23 at 10:00 AM (America/New_York).' },
      { role: 'user', content: 'When are you open?' },
    ]);
    expect(second.messages.slice(0, first.messages.length)).toEqual(first.messages);
    const key = (first as { prompt_cache_key?: string }).prompt_cache_key;
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(key).not.toContain(ownerId);
    expect((second as { prompt_cache_key?: string }).prompt_cache_key).toBe(key);
  });

  it('fails the turn clearly when the API fails, leaving the stored conversation whole', async () => {
    const { ownerId, assistantNumber } = await createAssistantLine(deps);
    const conversation = await deps.receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: '+14155550101',
      assistantNumber,
    });
    fake.failNext(500, 2);
    const run = async () => {
      for await (const _ of deps.receptionist.runTurn(conversation.id, { text: 'hi' })) void _;
    };
    await expect(run()).rejects.toThrow(/OpenAI chat failed/);
    const stored = await deps.receptionist.getConversation(conversation.id);
    expect(stored!.turns).toEqual([]);
  });
});
