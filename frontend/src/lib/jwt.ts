type Claims = Readonly<Record<string, unknown>>;

// Every API call checks the stored token's expiry, so the same token is decoded again and again.
let lastDecoded: { token: string; claims: Claims | undefined } | undefined;

/**
 * Reads a JWT's claims without verifying it: the browser only uses them for display and expiry checks.
 * The claims are frozen: the last token's are kept and handed to every caller that asks for it again.
 */
export function decodeJwtClaims(token: string): Claims | undefined {
  if (lastDecoded?.token === token) return lastDecoded.claims;
  const claims = decode(token);
  lastDecoded = { token, claims };
  return claims;
}

function decode(token: string): Claims | undefined {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return undefined;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return claims && typeof claims === 'object'
      ? Object.freeze(claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A token is valid only while its expiry in seconds times 1000 is later than now (spec §5). */
export function isTokenExpired(claims: Claims, now = Date.now()): boolean {
  return typeof claims.exp !== 'number' || claims.exp * 1000 <= now;
}
