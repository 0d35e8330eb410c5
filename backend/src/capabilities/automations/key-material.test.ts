import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, isApiKeyFormat, scopeAllows, shownPrefixOf } from '@shared/automations';
import { hashApiKey, newApiKey, newHookId, newKeyId, newSigningSecret, randomBase62 } from './key-material';

describe('API key material', () => {
  it('makes keys of the documented shape: rk_live_ and 40 base62 characters, all different', () => {
    const keys = Array.from({ length: 200 }, newApiKey);
    for (const key of keys) {
      expect(key).toMatch(/^rk_live_[0-9A-Za-z]{40}$/);
      expect(isApiKeyFormat(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('draws every base62 character, none with a large bias', () => {
    const counts = new Map<string, number>();
    for (const char of randomBase62(62_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 1,000 expected each; a modulo bias (256 % 62) would put the first 8 characters near 1,250.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(820);
      expect(count).toBeLessThan(1180);
    }
  });

  it('refuses strings that are not keys before any lookup', () => {
    const key = newApiKey();
    expect(isApiKeyFormat(`${key}x`)).toBe(false);
    expect(isApiKeyFormat(key.slice(0, -1))).toBe(false);
    expect(isApiKeyFormat(key.replace(API_KEY_PREFIX, 'rk_test_'))).toBe(false);
    expect(isApiKeyFormat(`${key.slice(0, -1)}-`)).toBe(false);
    expect(isApiKeyFormat('')).toBe(false);
  });

  it('stores the SHA-256 of the key, hex, and shows the prefix with 8 characters', () => {
    const key = newApiKey();
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).not.toContain(key.slice(API_KEY_PREFIX.length));
    expect(shownPrefixOf(key)).toBe(key.slice(0, 16));
    expect(shownPrefixOf(key)).toMatch(/^rk_live_[0-9A-Za-z]{8}$/);
  });

  it('makes Standard Webhooks secrets of 32 random bytes, and prefixed ids', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
    expect(newKeyId()).toMatch(/^key_[0-9A-Za-z]{16}$/);
    expect(newHookId()).toMatch(/^hook_[0-9A-Za-z]{20}$/);
  });
});

describe('scopes', () => {
  it('lets a read key read, and only a subscribe key subscribe', () => {
    expect(scopeAllows('read', 'read')).toBe(true);
    expect(scopeAllows('read', 'subscribe')).toBe(false);
    expect(scopeAllows('subscribe', 'subscribe')).toBe(true);
    expect(scopeAllows('subscribe', 'read')).toBe(true);
  });
});
