import { describe, expect, it } from 'vitest';
import type { ConversationState } from '../../receptionist/records/conversation-types';
import { relayBindings } from './relay-bindings';

const state = (id: string) => ({ id }) as ConversationState;

describe('relay bindings', () => {
  it('keeps warmth for the connections used last only, and never hands one conversation’s to another', () => {
    const bindings = relayBindings(10, 2);
    bindings.warmth('a', 'conv-a').state = state('conv-a');
    bindings.warmth('b', 'conv-b').state = state('conv-b');
    // Using a again makes b the oldest: c's warmth pushes b's out.
    expect(bindings.warmth('a', 'conv-a').state?.id).toBe('conv-a');
    bindings.warmth('c', 'conv-c').state = state('conv-c');
    expect(bindings.warmth('b', 'conv-b')).toEqual({});
    // b's fresh holder pushed a's out in turn: at most two are held.
    expect(bindings.warmth('a', 'conv-a')).toEqual({});
    bindings.warmth('a', 'conv-a').state = state('conv-a');
    expect(bindings.warmth('a', 'conv-other')).toEqual({});
  });

  it('forgets a connection’s binding and warmth together, and the oldest binding beyond its bound', () => {
    const bindings = relayBindings(2);
    bindings.set('a', { conversationId: 'conv-a' });
    bindings.warmth('a', 'conv-a').state = state('conv-a');
    bindings.delete('a');
    expect(bindings.get('a')).toBeUndefined();
    expect(bindings.warmth('a', 'conv-a')).toEqual({});
    bindings.set('b', { conversationId: 'conv-b' });
    bindings.set('c', { conversationId: 'conv-c' });
    bindings.set('d', { conversationId: 'conv-d' });
    expect(bindings.get('b')).toBeUndefined();
    expect(bindings.get('d')).toEqual({ conversationId: 'conv-d' });
  });
});
