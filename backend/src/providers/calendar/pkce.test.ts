import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeChallengeS256, createCodeVerifier, createOAuthState, randomAlphanumeric } from './pkce';

describe('PKCE and state generation', () => {
  it('makes a 128-character alphanumeric verifier and a 32-character state, different every time', () => {
    const verifiers = new Set(Array.from({ length: 50 }, createCodeVerifier));
    expect(verifiers.size).toBe(50);
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9]{128}$/);
    const states = new Set(Array.from({ length: 50 }, createOAuthState));
    expect(states.size).toBe(50);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('uses all 62 characters with roughly even frequency (no modulo bias toward the first ones)', () => {
    const counts = new Map<string, number>();
    for (const char of randomAlphanumeric(62_000)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
    for (const count of counts.values()) expect(count).toBeLessThan(1200);
  });

  it('derives the S256 challenge as unpadded base64url SHA-256 (RFC 7636 appendix B vector)', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    const verifier = createCodeVerifier();
    const expected = createHash('sha256').update(verifier).digest('base64url');
    expect(codeChallengeS256(verifier)).toBe(expected);
    expect(codeChallengeS256(verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
