/**
 * Waits, when needed, until a fixed rate-limit window (backend/src/platform/dynamo/rate-limits.ts counts per window of
 * `windowSeconds`, aligned to the epoch) has at least `marginSeconds` left, so a test's burst is counted in
 * one window instead of being split by the window's end, which would let more requests through.
 */
export async function awayFromWindowEnd(windowSeconds: number, marginSeconds = 10): Promise<void> {
  const nowSeconds = Date.now() / 1000;
  const left = windowSeconds - (nowSeconds % windowSeconds);
  if (left < marginSeconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
}
