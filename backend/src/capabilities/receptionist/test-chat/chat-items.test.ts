import { describe, expect, it } from 'vitest';
import { smsRepliesOf, toChatItems, type ShownEngineEvent } from './chat-items';

const turn: ShownEngineEvent[] = [
  { type: 'text', delta: 'Let me ' },
  { type: 'text', delta: 'check.' },
  { type: 'tool_call', id: 't1', name: 'book_appointment', args: {} },
  {
    type: 'tool_result',
    id: 't1',
    name: 'book_appointment',
    ok: true,
    summary: 'Booked Haircut, Tue 3:00 PM',
  },
  { type: 'text', delta: ' You are booked ' },
  { type: 'text', delta: 'for Tuesday at 3.' },
  { type: 'end', reason: 'completed' },
];

describe('engine events as the test chat shows them', () => {
  it('joins text tokens, shows tool results inline in order, and notes the end', () => {
    expect(toChatItems(turn)).toEqual([
      { type: 'reply', text: 'Let me check.' },
      { type: 'action', tool: 'book_appointment', ok: true, summary: 'Booked Haircut, Tue 3:00 PM' },
      { type: 'reply', text: 'You are booked for Tuesday at 3.' },
      { type: 'ended', reason: 'completed' },
    ]);
  });

  it('shows a failed tool and a transfer, and drops blank text', () => {
    expect(
      toChatItems([
        { type: 'text', delta: '  ' },
        { type: 'tool_result', id: 'x', name: 'book_appointment', ok: false, summary: 'That time is taken' },
        { type: 'transfer', to: '+14155550199', summary: 'Texted Dana a summary' },
        { type: 'hang_up' },
      ]),
    ).toEqual([
      { type: 'action', tool: 'book_appointment', ok: false, summary: 'That time is taken' },
      { type: 'transfer', summary: 'Texted Dana a summary' },
      { type: 'ended', reason: 'hang_up' },
    ]);
  });

  it("gives SMS the turn's texts as one message", () => {
    expect(smsRepliesOf(turn)).toEqual(['Let me check. You are booked for Tuesday at 3.']);
    expect(smsRepliesOf([])).toEqual([]);
  });
});
