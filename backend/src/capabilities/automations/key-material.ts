import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_RANDOM_CHARS } from '@shared/automations';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 a byte can hold: bytes at or above it are dropped, so every char is uniform. */
const UNBIASED_BELOW = 62 * 4;

/** `count` uniformly random base62 characters (rejection sampling over random bytes). */
export function randomBase62(count: number): string {
  let out = '';
  while (out.length < count) {
    for (const byte of randomBytes(count * 2)) {
      if (byte < UNBIASED_BELOW) out += BASE62[byte % 62];
      if (out.length === count) break;
    }
  }
  return out;
}

/** A new API key: `rk_live_` and 40 random base62 characters. */
export const newApiKey = () => `${API_KEY_PREFIX}${randomBase62(API_KEY_RANDOM_CHARS)}`;

/**
 * What is stored of a key: its SHA-256, hex. Keys carry ~238 random bits, so a fast hash is enough (a slow
 * one protects guessable passwords, not random tokens) and lets every call find its key by one GetItem.
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** Ids the API shows: random, so one owner's ids tell nothing about another's. */
export const newKeyId = () => `key_${randomBase62(16)}`;
export const newHookId = () => `hook_${randomBase62(20)}`;

/** A hook's signing secret in the Standard Webhooks form: `whsec_` and base64 of 32 random bytes. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
