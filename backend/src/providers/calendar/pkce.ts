import { createHash, randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Largest multiple of 62 below 256: bytes at or above it are dropped so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % ALPHANUMERIC.length);

/** Random alphanumeric text from the CSPRNG, without the modulo bias of `byte % 62`. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Spec §9: a 128-character verifier (RFC 7636 allows 43–128 unreserved characters) and a 32-character state. */
export const PKCE_VERIFIER_LENGTH = 128;
export const OAUTH_STATE_LENGTH = 32;

export const createCodeVerifier = () => randomAlphanumeric(PKCE_VERIFIER_LENGTH);
export const createOAuthState = () => randomAlphanumeric(OAUTH_STATE_LENGTH);

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))), unpadded. */
export const codeChallengeS256 = (verifier: string) =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');
