import { withChunkTimeout } from './chunk-load';

/**
 * A module a screen needs only when the owner acts (a form's validation schema, a call's client): it stays
 * out of the screen's first download and is fetched at most once, when `get` is first called or `preload`
 * starts it early (on focus or hover, so it is usually there by the click). A failed load is forgotten, so
 * the next `get` tries again; it fails with the spec's chunk timeout like a screen's chunk.
 */
export function onDemand<T>(chunk: string, load: () => Promise<T>) {
  const loadWithTimeout = withChunkTimeout(chunk, load);
  let pending: Promise<T> | undefined;
  const get = (): Promise<T> =>
    (pending ??= loadWithTimeout().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return { get, preload: () => void get().catch(() => undefined) };
}
