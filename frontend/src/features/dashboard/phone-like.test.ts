import { describe, expect, it } from 'vitest';
import { isPhoneLike } from './phone-like';

describe('isPhoneLike', () => {
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
