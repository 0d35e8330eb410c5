import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetConversationLink,
  pendingConversationLink,
  rememberConversationLink,
} from './conversation-link';

/** The tab's storage, as the browser gives it (tests run in Node, which has none). */
function tabStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('conversation link kept across sign-in', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', tabStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a dashboard link to a conversation until forgotten', () => {
    const search = '?tab=calls&conversation=c-1&started_at=2026-11-23T10%3A00%3A00.000Z';
    rememberConversationLink('/dashboard', search);
    expect(pendingConversationLink()).toBe(`/dashboard${search}`);
    forgetConversationLink();
    expect(pendingConversationLink()).toBeUndefined();
  });

  it('ignores other pages and dashboard links without a conversation', () => {
    rememberConversationLink('/setup', '?conversation=c-1');
    rememberConversationLink('/dashboard', '?tab=calls');
    expect(pendingConversationLink()).toBeUndefined();
  });
});
