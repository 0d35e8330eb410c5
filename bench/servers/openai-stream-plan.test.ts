import { describe, expect, it } from 'vitest';
import { approximateTokens, planStream, REALISTIC_TIMING } from './openai-stream-plan';

const meta = { id: 'chatcmpl-1', model: 'gpt-test', created: 1_800_000_000 };
const deltas = (plan: ReturnType<typeof planStream>) =>
  plan.filter((c) => c.data !== '[DONE]').map((c) => JSON.parse(c.data).choices[0]);

describe('approximate tokens', () => {
  it('split words with their leading space, short digit runs and punctuation, losing nothing', () => {
    const text = 'Hi, we open at 9:30 AM on Saturday.\n  Book   now? {"when":"tomorrow"}';
    const tokens = approximateTokens(text);
    expect(tokens.join('')).toBe(text);
    expect(tokens.slice(0, 6)).toEqual(['Hi', ',', ' we', ' open', ' at', ' 9']);
    expect(approximateTokens('12345')).toEqual(['123', '45']);
  });
});

describe('the stream plan', () => {
  it('sends the first text token at the TTFT, one token per 1/rate after it, then stop and [DONE]', () => {
    const plan = planStream({ content: 'We are open.' }, REALISTIC_TIMING, meta);
    expect(plan.map((c) => c.atMs)).toEqual([350, 370, 390, 410, 410, 410]);
    const [first, ...rest] = deltas(plan);
    expect(first).toEqual({
      index: 0,
      delta: { role: 'assistant', content: 'We', refusal: null },
      logprobs: null,
      finish_reason: null,
    });
    expect(rest.map((c) => c.delta.content ?? null)).toEqual([' are', ' open', '.', null]);
    expect(rest.at(-1)).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(plan.at(-1)).toEqual({ atMs: 410, data: '[DONE]' });
  });

  it('streams a tool call as OpenAI does: id and whole name first, then argument fragments per token', () => {
    const args = JSON.stringify({ when: 'tomorrow afternoon' });
    const plan = planStream(
      { toolCalls: [{ id: 'call_1', name: 'find_open_slots', arguments: args }] },
      { ttftMs: 100, tokensPerSecond: 10 },
      meta,
    );
    const chunks = deltas(plan);
    expect(chunks[0]!.delta).toEqual({
      role: 'assistant',
      content: null,
      refusal: null,
      tool_calls: [
        { index: 0, id: 'call_1', type: 'function', function: { name: 'find_open_slots', arguments: '' } },
      ],
    });
    const fragments = chunks.slice(1, -1).map((c) => c.delta.tool_calls[0]);
    expect(fragments.every((f) => f.index === 0 && f.id === undefined)).toBe(true);
    expect(fragments.map((f) => f.function.arguments).join('')).toBe(args);
    expect(fragments.length).toBe(approximateTokens(args).length);
    // 100 ms to the header, then 100 ms per argument token; the finish chunk at once after the last.
    expect(plan[1]!.atMs).toBe(200);
    expect(plan.at(-2)!.atMs).toBe(100 + 100 * fragments.length);
    expect(chunks.at(-1)).toMatchObject({ delta: {}, finish_reason: 'tool_calls' });
  });
});
