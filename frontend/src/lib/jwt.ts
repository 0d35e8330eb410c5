/** Reads a JWT's claims without verifying it: the browser only uses them for display and expiry checks. */
export function decodeJwtClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(
      decodeURIComponent(
        Array.from(json, (ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
      ),
    ) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** A token is valid only while its expiry in seconds times 1000 is later than now (spec §5). */
export function isTokenExpired(claims: Record<string, unknown>, now = Date.now()): boolean {
  return typeof claims.exp !== 'number' || claims.exp * 1000 <= now;
}
