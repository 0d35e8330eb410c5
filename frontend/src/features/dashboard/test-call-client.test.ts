import { describe, expect, it } from 'vitest';
import { isPhoneLike, relaySocketUrl } from './test-call-client';

describe('test call client', () => {
  it("adds the owner's token to the relay URL, keeping the deployed API's channel query", () => {
    expect(relaySocketUrl('ws://localhost:3001/relay', 'a.b.c')).toBe(
      'ws://localhost:3001/relay?token=a.b.c',
    );
    expect(relaySocketUrl('wss://abc.execute-api.us-east-1.amazonaws.com/prod?channel=relay', 'a.b.c')).toBe(
      'wss://abc.execute-api.us-east-1.amazonaws.com/prod?channel=relay&token=a.b.c',
    );
  });

  it('treats touch-first or narrow screens as phones (Call Assistant dials there)', () => {
    const screen = (coarse: boolean, narrow: boolean) => ({
      matchMedia: (query: string) =>
        ({ matches: query.includes('pointer') ? coarse : narrow }) as MediaQueryList,
    });
    expect(isPhoneLike(screen(true, false))).toBe(true);
    expect(isPhoneLike(screen(false, true))).toBe(true);
    expect(isPhoneLike(screen(false, false))).toBe(false);
    expect(isPhoneLike(undefined)).toBe(false);
  });
});
