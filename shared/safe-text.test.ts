import { describe, expect, it } from 'vitest';
import { findUnstorableValue, isSafeText, safeText, UNSTORABLE_NUMBER_MESSAGE } from './safe-text';

const findUnsafeText = (value: unknown) => findUnstorableValue(value)?.path;

describe('safe text', () => {
  it('accepts ordinary text, emoji (paired surrogates) and accents', () => {
    for (const text of ['Bright Smile Dental', 'Café ☕ 😀', '', '日本語'])
      expect(isSafeText(text)).toBe(true);
  });

  it('refuses NUL and unpaired high or low surrogates anywhere', () => {
    for (const text of ['a\u0000b', '\uD800', 'x\uD83Dy', '\uDE00z', 'ok\uDC00', '😀\uD83D']) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
    expect(safeText().safeParse('a\u0000').success).toBe(false);
    expect(safeText().safeParse('fine').success).toBe(true);
  });

  it('finds the first unsafe string or key in nested JSON, deep nesting without recursion', () => {
    expect(findUnsafeText({ a: ['ok', { b: 'bad\u0000' }] })).toBe('a.1.b');
    expect(findUnsafeText({ ['k\uD800']: 1 })).toBe('k\uD800');
    expect(findUnsafeText({ a: 'fine', n: 1, t: true, z: null })).toBeUndefined();
    let deep: unknown = 'bad\uDC00';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('finds numbers DynamoDB cannot store (underflow, overflow), and keeps ordinary ones', () => {
    expect(findUnstorableValue({ weight: 5e-324 })).toEqual({
      path: 'weight',
      message: UNSTORABLE_NUMBER_MESSAGE,
    });
    expect(findUnstorableValue({ a: [1, -1e130] })).toMatchObject({ path: 'a.1' });
    expect(findUnstorableValue({ weight: 0.7, zero: 0, big: 1e20, small: -1e-20 })).toBeUndefined();
  });
});
