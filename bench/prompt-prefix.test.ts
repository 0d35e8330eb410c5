import { describe, expect, it } from 'vitest';
import { commonPrefixLength, prefixShare, prefixShares, promptTokens, renderPrompt } from './prompt-prefix';

const tools = [{ type: 'function', function: { name: 'find_open_slots', parameters: {} } }];
const body = (messages: unknown[]) => ({ tools, messages });

describe('the shared prefix of consecutive requests', () => {
  it('renders tools first, then each message with its role, tool calls and ids', () => {
    const text = renderPrompt(
      body([
        { role: 'system', content: 'Be kind.' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1' }] },
        { role: 'tool', tool_call_id: 'c1', content: '{}' },
      ]),
    );
    expect(text).toBe(
      `<tool>${JSON.stringify(tools[0])}\n<system>Be kind.\n<assistant>null{"tool_calls":[{"id":"c1"}]}\n<tool>{}{"tool_call_id":"c1"}`,
    );
  });

  it('counts the later prompt’s tokens that the earlier one already started with', () => {
    expect(commonPrefixLength(['a', 'b', 'c'], ['a', 'b', 'd', 'e'])).toBe(2);
    expect(commonPrefixLength([], ['a'])).toBe(0);
    const stable = { role: 'system', content: 'You are Sam, the receptionist of Harbor Lane.' };
    const first = promptTokens(body([stable, { role: 'user', content: 'Hi there' }]));
    const second = promptTokens(body([stable, { role: 'user', content: 'Hello' }]));
    const share = prefixShare([[first, second]]);
    // Everything up to the caller's words ("<user>" included) is shared; "Hello" is not.
    expect(second.at(-1)).toBe('Hello');
    expect(share.sharedTokens).toBe(second.length - 1);
    expect(share.share).toBeCloseTo(share.sharedTokens / second.length);
  });

  it('falls to almost nothing when a changing time leads the instructions', () => {
    const at = (time: string) =>
      promptTokens(body([{ role: 'system', content: `It is now ${time}. You are Sam, always polite.` }]));
    const moved = prefixShare([[at('10:00 AM'), at('10:01 AM')]]);
    const stable = prefixShare([[at('10:00 AM'), at('10:00 AM')]]);
    expect(stable.share).toBe(1);
    expect(moved.share).toBeLessThan(stable.share);
    expect(moved.min).toBe(moved.share);
  });

  it('sums over pairs, weighting each by its size, and keeps the worst pair', () => {
    const share = prefixShare([
      [
        ['a', 'b'],
        ['a', 'b', 'c', 'd'],
      ],
      [['x'], ['y', 'z']],
    ]);
    expect(share).toEqual({ pairs: 2, sharedTokens: 2, promptTokens: 6, share: 2 / 6, min: 0 });
  });
});

describe('the shares the bench prints', () => {
  const system = { role: 'system', content: 'You are Sam, the receptionist of Harbor Lane Hair Studio.' };
  const request = (label: string, ...said: string[]) => ({
    label,
    body: body([system, ...said.map((content) => ({ role: 'user', content }))]),
  });

  it('pair consecutive requests, those of one conversation, and the first requests of two callers', () => {
    const shares = prefixShares([
      request('voice:0#0', 'Hi'),
      request('voice:0#1', 'Hi', 'Book me'),
      request('voice:1#0', 'Hello'),
      request('sms:0#0', 'Hey'),
      request('sms:1#0', 'Yo'),
    ]);
    expect(shares.consecutive.pairs).toBe(4);
    expect(shares.sameConversation.pairs).toBe(1);
    // voice:0 → voice:1 and sms:0 → sms:1; the voice → sms switch is not two callers of one channel.
    expect(shares.differentCallers.pairs).toBe(2);
    // Within the conversation the second request repeats the whole first one.
    const first = promptTokens(request('voice:0#0', 'Hi').body);
    expect(shares.sameConversation.sharedTokens).toBe(first.length);
  });
});
