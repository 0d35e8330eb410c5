import { z } from 'zod';
import { isSafeText, isStorableNumber, UNSAFE_TEXT_MESSAGE, UNSTORABLE_NUMBER_MESSAGE } from '../safe-text';

/**
 * Free-form JSON objects the API stores (issue 10 §8): bounded in depth, number of keys, key and string
 * length and total size, so nothing can make DynamoDB (32 levels, 400 KB items) or a vendor call fail later
 * with a 500. Checked without recursion past the depth limit.
 */
export type JsonBounds = {
  maxDepth: number;
  maxKeys: number;
  maxKeyLength: number;
  maxStringLength: number;
  maxBytes: number;
};

/** provider_config of a voice: a handful of vendor knobs (speed, style…), never documents. */
export const PROVIDER_CONFIG_BOUNDS: JsonBounds = {
  maxDepth: 3,
  maxKeys: 32,
  maxKeyLength: 64,
  maxStringLength: 500,
  maxBytes: 4 * 1024,
};

/** The first way `value` breaks the bounds, or undefined. Depth 1 is the object itself. */
export function jsonBoundsIssue(value: unknown, bounds: JsonBounds): string | undefined {
  let keys = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.length > bounds.maxStringLength) {
        return `Strings are limited to ${bounds.maxStringLength} characters`;
      }
      if (!isSafeText(current)) return UNSAFE_TEXT_MESSAGE;
    } else if (typeof current === 'number') {
      if (!isStorableNumber(current)) return UNSTORABLE_NUMBER_MESSAGE;
    } else if (current !== null && typeof current === 'object') {
      if (depth > bounds.maxDepth) return `Nesting is limited to ${bounds.maxDepth} levels`;
      const entries = Array.isArray(current)
        ? current.map((item) => ['', item] as const)
        : Object.entries(current);
      keys += entries.length;
      if (keys > bounds.maxKeys) return `At most ${bounds.maxKeys} keys and items in all`;
      for (const [key, item] of entries) {
        // DynamoDB refuses empty attribute names inside maps, so an empty key would fail the write.
        if (!Array.isArray(current) && key.length === 0) return 'Keys must not be empty';
        if (key.length > bounds.maxKeyLength) return `Keys are limited to ${bounds.maxKeyLength} characters`;
        if (!isSafeText(key)) return UNSAFE_TEXT_MESSAGE;
        stack.push([item, depth + 1]);
      }
    } else if (typeof current !== 'boolean' && current !== null) {
      return 'Only JSON values are allowed';
    }
  }
  if (JSON.stringify(value).length > bounds.maxBytes) return `At most ${bounds.maxBytes} bytes in all`;
  return undefined;
}

/** A JSON object schema that holds within `bounds`. */
export const boundedJsonObject = (bounds: JsonBounds) =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const issue = jsonBoundsIssue(value, bounds);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

export const providerConfigSchema = boundedJsonObject(PROVIDER_CONFIG_BOUNDS);
