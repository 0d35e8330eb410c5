/**
 * An account screen's first API reads, started by the signed-in shell as soon as the stored session is
 * known (app/first-screen-reads.ts), while the screen's own code still downloads and runs. Each is kept for
 * the screen's first identical request (api-client.ts), which then waits for it instead of asking again: on
 * a phone that starts the request several hundred milliseconds earlier (issue 16 §5).
 */
type EarlyRead = { token: string; startedAt: number; response: Promise<Response> };

/** An early read not asked for by then is dropped: the screen would show an answer older than itself. */
export const EARLY_READ_MAX_AGE_MS = 15_000;

const reads = new Map<string, EarlyRead>();

/** Starts a GET of each path with this ID token, unless one is already waiting for the path. */
export function startEarlyReads(apiUrl: string, token: string, paths: readonly string[]): void {
  for (const path of paths) {
    if (reads.has(path)) continue;
    const response = fetch(`${apiUrl}${path}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // Whoever takes it handles a failure; until then it is not an unhandled rejection.
    response.catch(() => undefined);
    reads.set(path, { token, startedAt: performance.now(), response });
  }
}

/**
 * The early answer to this GET, once: only when it was asked with the same token, is recent, and succeeded.
 * Otherwise undefined, and the caller asks as it always does (so a failure reads exactly as its own would).
 */
export async function takeEarlyRead(path: string, token: string): Promise<Response | undefined> {
  const read = reads.get(path);
  if (!read) return undefined;
  reads.delete(path);
  if (read.token !== token || performance.now() - read.startedAt > EARLY_READ_MAX_AGE_MS) return undefined;
  const response = await read.response.catch(() => undefined);
  return response?.ok ? response : undefined;
}
