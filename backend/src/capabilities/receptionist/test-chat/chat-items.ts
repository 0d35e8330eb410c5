import type { TestChatItem } from '@shared/schemas/test-chat';
import type { EngineEvent } from '../records/conversation-types';

/** The engine's events; channels show text, tool results, transfers and the end. */
export type ShownEngineEvent = EngineEvent;

/**
 * One turn's events as the test chat shows them, in order: consecutive text tokens joined into one reply
 * bubble, each tool result as an inline action (tool calls themselves are not shown: their result says what
 * happened), a transfer or the end as a note.
 */
export function toChatItems(events: Iterable<ShownEngineEvent>): TestChatItem[] {
  const items: TestChatItem[] = [];
  let text = '';
  const flush = () => {
    const reply = text.trim();
    if (reply) items.push({ type: 'reply', text: reply });
    text = '';
  };
  for (const event of events) {
    if (event.type === 'text') {
      text += event.delta;
      continue;
    }
    // A tool call shows as its result; the reply's language only steers the voice relay.
    if (event.type === 'tool_call' || event.type === 'language') continue;
    flush();
    if (event.type === 'tool_result') {
      items.push({ type: 'action', tool: event.name, ok: event.ok, summary: event.summary });
    } else if (event.type === 'transfer') {
      items.push({ type: 'transfer', summary: event.summary });
    } else {
      items.push({ type: 'ended', reason: event.type === 'end' ? event.reason : 'hang_up' });
    }
  }
  flush();
  return items;
}

/** An SMS turn's reply: all of the turn's text as one message (one text costs less than several), or none. */
export function smsRepliesOf(events: Iterable<ShownEngineEvent>): string[] {
  const text = toChatItems(events)
    .flatMap((item) => (item.type === 'reply' ? [item.text] : []))
    .join(' ');
  return text ? [text] : [];
}
