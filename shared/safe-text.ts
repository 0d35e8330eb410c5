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

/** DynamoDB stores numbers of magnitude 1e-130 to 1e126 (and zero); others fail the write with a 500. */
export const isStorableNumber = (n: number) =>
  Number.isFinite(n) && (n === 0 || (Math.abs(n) < 1e125 && Math.abs(n) > 1e-129));
export const UNSTORABLE_NUMBER_MESSAGE = 'Numbers must be zero or between 1e-129 and 1e125 in size';

/**
 * The first value anywhere in a parsed JSON body that no field may hold — unsafe text (keys included) or
 * a number DynamoDB cannot store — with its path and why, or undefined. Walks iteratively, so a deeply
 * nested body cannot overflow the stack.
 */
export function findUnstorableValue(value: unknown): { path: string; message: string } | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return { path: path || '(body)', message: UNSAFE_TEXT_MESSAGE };
    } else if (typeof current === 'number') {
      if (!isStorableNumber(current)) return { path: path || '(body)', message: UNSTORABLE_NUMBER_MESSAGE };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, path ? `${path}.${index}` : String(index)]));
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (!isSafeText(key)) return { path: itemPath, message: UNSAFE_TEXT_MESSAGE };
        stack.push([item, itemPath]);
      }
    }
  }
  return undefined;
}
