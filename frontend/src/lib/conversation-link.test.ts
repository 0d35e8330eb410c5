import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetConversationLink,
  pendingConversationLink,
  readConversationLinkSoon,
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

describe('conversation link: one read of the tab storage per page (issue 41 §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the storage once, answers later reads from memory and follows its own writes', () => {
    const storage = tabStorage();
    storage.setItem('ringly.conversation-link', '/dashboard?conversation=c-9');
    const getItem = vi.spyOn(storage, 'getItem');
    vi.stubGlobal('sessionStorage', storage);

    expect(pendingConversationLink()).toBe('/dashboard?conversation=c-9');
    expect(pendingConversationLink()).toBe('/dashboard?conversation=c-9');
    expect(getItem).toHaveBeenCalledTimes(1);

    forgetConversationLink();
    expect(pendingConversationLink()).toBeUndefined();
    expect(storage.getItem('ringly.conversation-link')).toBeNull();
    rememberConversationLink('/dashboard', '?conversation=c-10');
    expect(pendingConversationLink()).toBe('/dashboard?conversation=c-10');
    expect(getItem).toHaveBeenCalledTimes(2); // the test's own check above
  });

  it('makes the first read in a later task, which a clean-up cancels', async () => {
    vi.useFakeTimers();
    try {
      const storage = tabStorage();
      const getItem = vi.spyOn(storage, 'getItem');
      vi.stubGlobal('sessionStorage', storage);

      readConversationLinkSoon()();
      await vi.runAllTimersAsync();
      expect(getItem).not.toHaveBeenCalled();

      readConversationLinkSoon();
      expect(getItem).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(getItem).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing of a browser that refuses storage', () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError');
      },
    });
    try {
      expect(pendingConversationLink()).toBeUndefined();
      expect(() => forgetConversationLink()).not.toThrow();
    } finally {
      Reflect.deleteProperty(globalThis, 'sessionStorage');
    }
  });
});
