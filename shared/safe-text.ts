import { z } from 'zod';

/**
 * Text every field may hold (issue 10 §8). NUL truncates strings in C libraries, logs and e-mail headers;
 * a lone surrogate (half of a UTF-16 pair) is not a character at all and fails UTF-8 encoding at the first
 * vendor that re-encodes it. One rule, used by the zod refinement below and by the API's body check.
 */
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** The refinement for any zod string: `z.string().max(n).refine(...safeTextRefinement)`. */
export const safeTextRefinement = [isSafeText, { message: UNSAFE_TEXT_MESSAGE }] as const;

/** A string field that holds safe text only. */
export const safeText = () => z.string().refine(...safeTextRefinement);

/**
 * The path of the first unsafe string anywhere in a parsed JSON value (keys included), or undefined. Walks
 * iteratively, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return path || '(body)';
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, path ? `${path}.${index}` : String(index)]));
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (!isSafeText(key)) return itemPath;
        stack.push([item, itemPath]);
      }
    }
  }
  return undefined;
}
