/**
 * Checkout and portal return URLs must be on one of our own origins (config.allowedOrigins), so a crafted
 * request cannot turn our checkout into an open redirect to another site.
 */
export function isOwnOrigin(url: string, allowedOrigins: readonly string[]): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  return allowedOrigins.some((allowed) => {
    try {
      return new URL(allowed).origin === origin;
    } catch {
      return false;
    }
  });
}
