import { describe, expect, it } from 'vitest';
import { jsonBoundsIssue, PROVIDER_CONFIG_BOUNDS, providerConfigSchema } from './bounded-json';

const nested = (levels: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 1; i < levels; i++) value = { next: value };
  return value;
};

describe('provider_config bounds', () => {
  it('accepts a few vendor knobs', () => {
    expect(providerConfigSchema.safeParse({ speed: 1.2, style: 'warm', tags: ['a', 'b'] }).success).toBe(
      true,
    );
    expect(providerConfigSchema.safeParse(nested(PROVIDER_CONFIG_BOUNDS.maxDepth)).success).toBe(true);
  });

  it.each([
    ['nesting past the limit', nested(PROVIDER_CONFIG_BOUNDS.maxDepth + 1), /Nesting/],
    ['ten thousand levels', nested(10_000), /Nesting/],
    ['too many keys', Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i])), /keys/],
    ['a long string', { s: 'x'.repeat(1_000) }, /Strings/],
    ['a long key', { ['k'.repeat(100)]: 1 }, /Keys/],
    ['an empty key', { '': 'x' }, /Keys/],
    ['NUL in a value', { s: 'a\u0000' }, /NUL/],
    ['a number DynamoDB cannot store (tiny)', { speed: 2.6e-241 }, /Numbers/],
    ['a number DynamoDB cannot store (huge)', { speed: -3.7e73 * 1e60 }, /Numbers/],
    ['a lone surrogate in a key', { ['\uD800']: 1 }, /NUL/],
    [
      'too many bytes in all',
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'y'.repeat(450)])),
      /bytes/,
    ],
  ])('refuses %s', (_label, value, message) => {
    expect(jsonBoundsIssue(value, PROVIDER_CONFIG_BOUNDS)).toMatch(message);
    expect(providerConfigSchema.safeParse(value).success).toBe(false);
  });
});
