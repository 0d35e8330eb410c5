/**
 * Text a caller sends that becomes part of a DynamoDB key (an id, a code, an e-mail, a phone number). Keys
 * are `PREFIX#part#part`, and queries and deletions rely on those prefixes, so a part may never hold `#`
 * (docs/decisions/158). Allowed: letters, digits and `. _ : @ + - = / '` — enough for ids, e-mail addresses,
 * E.164 numbers, ISO times and vendors' ids; no spaces, no control characters, nothing beyond ASCII.
 */
export const KEY_PART_PATTERN = /^[A-Za-z0-9._:@+=/'-]+$/;
/** The longest part: an e-mail address (RFC 5321); DynamoDB keys allow far more, so this is the one cap. */
export const KEY_PART_MAX_LENGTH = 254;
export const KEY_PART_MESSAGE =
  "Use only letters, digits and . _ : @ + - = / ' (no '#', spaces or control characters)";

/** Why `value` cannot be a key part, or undefined when it can. */
export function keyPartProblem(value: string): string | undefined {
  if (value.length === 0) return 'Must not be empty';
  if (value.length > KEY_PART_MAX_LENGTH) return `Must be at most ${KEY_PART_MAX_LENGTH} characters`;
  if (!KEY_PART_PATTERN.test(value)) return KEY_PART_MESSAGE;
  return undefined;
}
