import { CLIENT_TIMINGS } from '@shared/client-timings';

/** The error a page chunk that never arrives fails with (spec §8 "Client chunk load"). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(chunk: string, timeoutMs: number) {
    super(`Loading chunk ${chunk} failed. (timeout: ${timeoutMs / 1000} s)`);
  }
}

/**
 * Wraps a dynamic import so it fails with ChunkLoadError after the spec's 120 s instead of leaving the
 * owner on "Loading..." forever (a stalled network never rejects on its own).
 */
export function withChunkTimeout<T>(
  chunk: string,
  load: () => Promise<T>,
  timeoutMs: number = CLIENT_TIMINGS.chunkLoadTimeoutMs,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(chunk, timeoutMs)), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** A failed dynamic import (rejected or timed out): a reload, not a bug report, fixes it. */
export const isChunkLoadFailure = (error: unknown) =>
  error instanceof ChunkLoadError ||
  (error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    ));

/**
 * A module a screen needs only when the owner acts (a form's validation schema, a call's client): it stays
 * out of the screen's first download and is fetched at most once, when `get` is first called or `preload`
 * starts it early (on focus or hover, so it is usually there by the click). A failed load is forgotten, so
 * the next `get` tries again; it fails with the spec's chunk timeout like a screen's chunk. `getOr(report)`
 * is `get` for a form: undefined after handing the failure's message to the form's alert.
 */
export function onDemand<T>(chunk: string, load: () => Promise<T>) {
  const loadWithTimeout = withChunkTimeout(chunk, load);
  let pending: Promise<T> | undefined;
  const get = (): Promise<T> =>
    (pending ??= loadWithTimeout().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  const getOr = (report: (message: string) => void): Promise<T | undefined> =>
    get().catch((error: unknown) => {
      report(error instanceof Error ? error.message : String(error));
      return undefined;
    });
  return { get, getOr, preload: () => void get().catch(() => undefined) };
}
