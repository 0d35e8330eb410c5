import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * OAuth tokens at rest: AES-256-GCM with a random 96-bit IV per value and the owner + service as
 * additional authenticated data, so a ciphertext copied to another owner's item no longer decrypts.
 * Stored as `v1.<base64url(iv | tag | ciphertext)>`.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key every local run uses when TOKEN_ENCRYPTION_KEY is unset. Public on purpose: it protects nothing
 * but local development data, and AWS refuses to start the calendar flow without a real key.
 */
export const LOCAL_DEVELOPMENT_TOKEN_KEY_SEED = 'ringly-local-development-only-token-encryption-key';
export const localDevelopmentTokenKey = () =>
  createHash('sha256').update(LOCAL_DEVELOPMENT_TOKEN_KEY_SEED).digest();

export class TokenDecryptionError extends Error {}

export type TokenCipher = {
  encrypt(plaintext: string, context: string): string;
  decrypt(sealed: string, context: string): string;
};

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The token encryption key must be 32 bytes');
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    },
    decrypt(sealed, context) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new TokenDecryptionError('Unknown token format');
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new TokenDecryptionError('Truncated token');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new TokenDecryptionError('Token failed authentication (wrong key, owner or tampered data)');
      }
    },
  };
}

/** A cipher for environments without a key: the app still starts, the calendar flow answers with the reason. */
export const tokenCipherNotConfigured: TokenCipher = {
  encrypt: () => {
    throw new Error('TOKEN_ENCRYPTION_KEY is not configured');
  },
  decrypt: () => {
    throw new Error('TOKEN_ENCRYPTION_KEY is not configured');
  },
};
