import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createTokenVerifier } from '../../backend/src/platform/auth/token-verifier';

/**
 * A token issuer of our own for tests that need tokens cognito-local cannot give (already expired), checked
 * by the product's real verifier configured with this issuer's key set.
 */
export async function createTestTokenIssuer() {
  const issuer = 'https://issuer.test/pool';
  const clientId = 'test-client';
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const keySet = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
  const sign = (key: CryptoKey | Uint8Array, expiresInSeconds: number, sub = 'owner-1') =>
    new SignJWT({ token_use: 'id', email: 'owner@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(key);
  return {
    verifyToken: createTokenVerifier({ issuer, clientId, jwksUrl: 'http://unused.test', keySet }),
    /** A token valid for `expiresInSeconds` (negative: already expired). */
    token: (expiresInSeconds: number, sub?: string) => sign(privateKey, expiresInSeconds, sub),
    /** Well-formed, unexpired, but signed by another key. */
    forged: async () => sign((await generateKeyPair('RS256')).privateKey, 3600),
  };
}
