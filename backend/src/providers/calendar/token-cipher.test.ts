import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createTokenCipher,
  localDevelopmentTokenKey,
  tokenCipherNotConfigured,
  TokenDecryptionError,
} from './token-cipher';

const cipher = createTokenCipher(randomBytes(32));
const context = 'user-1/google_calendar';

describe('token cipher (AES-256-GCM)', () => {
  it('round-trips a token and never stores it in clear', () => {
    const token = 'ya29.a0AfH6SMB-secret-access-token';
    const sealed = cipher.encrypt(token, context);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('secret');
    expect(cipher.decrypt(sealed, context)).toBe(token);
  });

  it('uses a fresh IV: the same token seals differently each time', () => {
    expect(cipher.encrypt('same', context)).not.toBe(cipher.encrypt('same', context));
  });

  it('detects a flipped bit anywhere in the sealed value', () => {
    const sealed = cipher.encrypt('refresh-token-value', context);
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const index of [0, 12, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index]! ^= 0x01;
      expect(() => cipher.decrypt(`v1.${tampered.toString('base64url')}`, context)).toThrow(
        TokenDecryptionError,
      );
    }
  });

  it("refuses another owner's or service's context, another key and malformed input", () => {
    const sealed = cipher.encrypt('token', context);
    expect(() => cipher.decrypt(sealed, 'user-2/google_calendar')).toThrow(TokenDecryptionError);
    expect(() => cipher.decrypt(sealed, 'user-1/calendly')).toThrow(TokenDecryptionError);
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed, context)).toThrow(TokenDecryptionError);
    expect(() => cipher.decrypt('v2.abc', context)).toThrow(TokenDecryptionError);
    expect(() => cipher.decrypt('v1.abc', context)).toThrow(TokenDecryptionError);
  });

  it('needs a 32-byte key; the local development key is one, and the unconfigured cipher refuses to work', () => {
    expect(() => createTokenCipher(randomBytes(16))).toThrow('32 bytes');
    expect(localDevelopmentTokenKey()).toHaveLength(32);
    expect(() => tokenCipherNotConfigured.encrypt('t', context)).toThrow('TOKEN_ENCRYPTION_KEY');
  });
});
